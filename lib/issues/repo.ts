import "server-only";
import { and, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { comment, email, emailFavorite, emailLike, emailRead, folderEmail, newsletter, share, subscription } from "@/db/schema";
import type { PageQuery } from "./schemas";

// The feed lists 20 emails at a time: their bodies (often 100 KB of HTML) and the search vector stay in the table.
function withoutColumns<T extends object, K extends keyof T>(columns: T, names: K[]): Omit<T, K> {
  return Object.fromEntries(Object.entries(columns).filter(([name]) => !names.includes(name as K))) as Omit<T, K>;
}
const listedEmailColumns = withoutColumns(getTableColumns(email), ["bodyHtml", "bodyPlain", "searchVector"]);
const withBodies = sql.placeholder("withBodies");

/** The columns every Email answer needs; the row's owner is the user, so the joins are theirs. */
function emailColumns() {
  return {
    email: {
      ...listedEmailColumns,
      bodyHtml: sql<string | null>`case when ${withBodies}::boolean then ${email.bodyHtml} end`,
      bodyPlain: sql<string | null>`case when ${withBodies}::boolean then ${email.bodyPlain} end`,
    },
    newsletter: { id: newsletter.id, name: newsletter.name, websiteUrl: newsletter.websiteUrl, logoUrl: newsletter.logoUrl },
    likedAt: emailLike.createdAt,
    favoritedAt: emailFavorite.createdAt,
    readAt: emailRead.lastReadAt,
    shareId: share.shareId,
    subscriptionStatus: subscription.status,
    folderIds: sql<number[]>`coalesce((select array_agg(${folderEmail.folderId} order by ${folderEmail.folderId}) from ${folderEmail} where ${folderEmail.emailId} = ${email.id}), '{}')`,
    likeCount: sql<number>`(select count(*)::int from ${emailLike} where ${emailLike.issueId} = ${email.issueId})`,
    commentCount: sql<number>`(select count(*)::int from ${comment} where ${comment.issueId} = ${email.issueId})`,
  };
}

type EmailRef = { id: number; issueId: number; newsletterId: number };

/**
 * The display join over the emails `chosen` picks. `feedTotal` rides along on every row so that the
 * unfiltered feed's page and total come back in one round trip; null where the caller has no use for it.
 */
export function selectRows(db: Pick<Database, "select">, feedTotal: SQL<number | null>, chosen: SQL) {
  return db
    .select({ ...emailColumns(), feedTotal })
    .from(email)
    .innerJoin(newsletter, eq(newsletter.id, email.newsletterId))
    .leftJoin(emailLike, eq(emailLike.emailId, email.id))
    .leftJoin(emailFavorite, eq(emailFavorite.emailId, email.id))
    .leftJoin(emailRead, eq(emailRead.emailId, email.id))
    .leftJoin(share, eq(share.emailId, email.id))
    .leftJoin(subscription, and(eq(subscription.userId, email.userId), eq(subscription.newsletterId, email.newsletterId)))
    .where(chosen);
}

function prepareRowsByIds(db: Database) {
  return selectRows(db, sql<number | null>`null::int`, sql`${email.id} = any(${sql.placeholder("ids")}::int[])`).prepare("email_rows_by_ids");
}

export type EmailRow = Awaited<ReturnType<ReturnType<typeof prepareRowsByIds>["execute"]>>[number];

// Planning the seven-way join costs more than running it for a page, so it is prepared once per connection pool.
const preparedRowsByIds = new WeakMap<Database, ReturnType<typeof prepareRowsByIds>>();

/**
 * Display rows of these emails, in the order of `ids`; the caller has checked they are the user's.
 * Bodies only when asked for (the single-email answer); otherwise they are null.
 */
export async function findEmailRows(ids: number[], options: { withBodies?: boolean } = {}): Promise<EmailRow[]> {
  if (ids.length === 0) return [];
  const db = getDb();
  let prepared = preparedRowsByIds.get(db);
  if (!prepared) {
    prepared = prepareRowsByIds(db);
    preparedRowsByIds.set(db, prepared);
  }
  const rows = await prepared.execute({ ids, withBodies: options.withBodies ?? false });
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((left, right) => position.get(left.email.id)! - position.get(right.email.id)!);
}

type IdPageQuery = { orderBy(...columns: SQL[]): { limit(n: number): { offset(n: number): PromiseLike<{ id: number }[]> } } };

/**
 * A page of emails in two steps: the ids come from one table's index (which serves the filters,
 * the sort and a deep offset), then only those rows are joined for display.
 */
async function findPage(ids: IdPageQuery, order: SQL[], total: PromiseLike<{ total: number }[]>, page: PageQuery): Promise<{ rows: EmailRow[]; total: number }> {
  const pageRows = async () => {
    const idRows = await ids
      .orderBy(...order)
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size);
    return findEmailRows(idRows.map((row) => row.id));
  };
  const [rows, [count]] = await Promise.all([pageRows(), total]);
  return { rows, total: count?.total ?? 0 };
}

const countAll = sql<number>`count(*)::int`;

export type Activity = "liked" | "favorited" | "commented";

/** The emails a user liked, favourited or commented on, newest action first, driven by the action's own index. */
export async function findActivityPage(userId: number, activity: Activity, page: PageQuery): Promise<{ rows: EmailRow[]; total: number }> {
  if (activity === "commented") {
    const lastComment = sql`max(${comment.createdAt})`;
    const mine = and(eq(comment.userId, userId), sql`${comment.emailId} is not null`);
    return findPage(
      getDb().select({ id: sql<number>`${comment.emailId}` }).from(comment).where(mine).groupBy(comment.emailId).$dynamic(),
      [desc(lastComment), desc(comment.emailId)],
      getDb().select({ total: sql<number>`count(distinct ${comment.emailId})::int` }).from(comment).where(mine),
      page,
    );
  }
  const table = activity === "liked" ? emailLike : emailFavorite;
  return findPage(
    getDb().select({ id: table.emailId }).from(table).where(eq(table.userId, userId)).$dynamic(),
    [desc(table.createdAt), desc(table.emailId)],
    getDb().select({ total: countAll }).from(table).where(eq(table.userId, userId)),
    page,
  );
}

export async function findEmail(userId: number, emailId: number): Promise<EmailRow | undefined> {
  const [row] = await findEmailRows([emailId], { withBodies: true });
  return row?.email.userId === userId ? row : undefined;
}

/** Which issue an email (anyone's) delivered, and whether it was an issue or a personal confirmation. */
export async function findEmailIssue(emailId: number): Promise<{ issueId: number; kind: "issue" | "confirmation" } | undefined> {
  const [row] = await getDb().select({ issueId: email.issueId, kind: email.kind }).from(email).where(eq(email.id, emailId));
  return row;
}

/** The owner-checked identity of an email: null when it is not this user's. */
export async function findOwnEmailRef(userId: number, emailId: number): Promise<EmailRef | undefined> {
  const [row] = await getDb()
    .select({ id: email.id, issueId: email.issueId, newsletterId: email.newsletterId })
    .from(email)
    .where(and(eq(email.userId, userId), eq(email.id, emailId)));
  return row;
}

async function addToNewsletter(newsletterId: number, changes: { likes?: number; readSeconds?: number }): Promise<void> {
  await getDb()
    .update(newsletter)
    .set({
      totalLikes: sql`greatest(${newsletter.totalLikes} + ${changes.likes ?? 0}, 0)`,
      totalReadTimeSeconds: sql`least(${newsletter.totalReadTimeSeconds}::bigint + ${changes.readSeconds ?? 0}, 2147483647)`,
    })
    .where(eq(newsletter.id, newsletterId));
}

export async function setLiked(userId: number, ref: EmailRef, liked: boolean): Promise<void> {
  const changed = liked
    ? await getDb().insert(emailLike).values({ emailId: ref.id, userId, issueId: ref.issueId }).onConflictDoNothing().returning({ id: emailLike.emailId })
    : await getDb().delete(emailLike).where(and(eq(emailLike.emailId, ref.id), eq(emailLike.userId, userId))).returning({ id: emailLike.emailId });
  if (changed.length > 0) await addToNewsletter(ref.newsletterId, { likes: liked ? 1 : -1 });
}

export async function setFavorited(userId: number, ref: EmailRef, favorited: boolean): Promise<void> {
  if (favorited) await getDb().insert(emailFavorite).values({ emailId: ref.id, userId, issueId: ref.issueId }).onConflictDoNothing();
  else await getDb().delete(emailFavorite).where(and(eq(emailFavorite.emailId, ref.id), eq(emailFavorite.userId, userId)));
}

/** Marks read and adds this visit's seconds to the total; unread forgets the read. */
export async function setRead(userId: number, ref: EmailRef, read: boolean, seconds: number): Promise<void> {
  if (!read) {
    await getDb().delete(emailRead).where(and(eq(emailRead.emailId, ref.id), eq(emailRead.userId, userId)));
    return;
  }
  await getDb()
    .insert(emailRead)
    .values({ emailId: ref.id, userId, issueId: ref.issueId, durationSeconds: seconds })
    .onConflictDoUpdate({
      target: emailRead.emailId,
      set: { durationSeconds: sql`least(${emailRead.durationSeconds}::bigint + ${seconds}, 2147483647)`, lastReadAt: sql`now()` },
    });
  if (seconds > 0) await addToNewsletter(ref.newsletterId, { readSeconds: seconds });
}
