import "server-only";
import { and, asc, desc, eq, exists, gt, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn, type SelectedFields } from "drizzle-orm/pg-core";
import { getDb, type Database } from "@/db/client";
import { preparedOnce } from "@/db/prepared";
import { comment, email, emailFavorite, emailLike, emailRead, folderEmail, issue, newsletter, readingProgress, share } from "@/db/schema";
import { issueChanges } from "./change-repo";
import { isPublic } from "@/lib/newsletters/activity";
import { emailJson } from "./dto";
import type { PageQuery } from "./schemas";

// Only what an Email answer shows (dto.ts): the feed lists 20 emails at a time, and every other column
// (bodies of often 100 KB, the search vector, keys) would only be read, sent and parsed for nothing. Read
// and subscribed come from the row's own flags, which triggers keep (db/README.md), instead of two joins.
const listedEmailColumns = {
  id: email.id,
  issueId: email.issueId,
  subject: email.subject,
  senderName: email.senderName,
  senderEmail: email.senderEmail,
  summary: email.summary,
  thumbnailUrl: email.thumbnailUrl,
  wordCount: email.wordCount,
  dateReceived: email.dateReceived,
  isForwarded: email.isForwarded,
  senderVerified: email.senderVerified,
  senderVerifiedDomain: email.senderVerifiedDomain,
  kind: email.kind,
  confirmationUrl: email.confirmationUrl,
  linkUrl: email.linkUrl,
  isRead: email.isRead,
  isSubscribed: email.isSubscribed,
};
const withBodies = sql.placeholder("withBodies");

/**
 * The email's newsletter, looked up by key for each listed row: as a plain join, the planner hashed all
 * newsletters for a page's 20 rows, a quarter of the feed's time in PostgreSQL.
 */
const emailNewsletter = () =>
  getDb()
    .select({ id: newsletter.id, name: newsletter.name, websiteUrl: newsletter.websiteUrl, logoUrl: newsletter.logoUrl })
    .from(newsletter)
    .where(eq(newsletter.id, email.newsletterId))
    .limit(1)
    .as("email_newsletter");

/** The columns every Email answer needs; the row's owner is the user, so the joins are theirs. */
export type EmailColumns = ReturnType<typeof emailColumns>;

function emailColumns(ofNewsletter: ReturnType<typeof emailNewsletter>) {
  return {
    email: {
      ...listedEmailColumns,
      bodyHtml: sql<string | null>`case when ${withBodies}::boolean then ${email.bodyHtml} end`,
      bodyPlain: sql<string | null>`case when ${withBodies}::boolean then ${email.bodyPlain} end`,
    },
    newsletter: { id: ofNewsletter.id, name: ofNewsletter.name, websiteUrl: ofNewsletter.websiteUrl, logoUrl: ofNewsletter.logoUrl },
    likedAt: emailLike.createdAt,
    favoritedAt: emailFavorite.createdAt,
    shareId: share.shareId,
    readProgress: readingProgress.fraction,
    folderIds: sql<
      number[]
    >`coalesce((select array_agg(${folderEmail.folderId} order by ${folderEmail.folderId}) from ${folderEmail} where ${folderEmail.emailId} = ${email.id}), '{}')`,
    likeCount: sql<number>`(select count(*)::int from ${emailLike} where ${emailLike.issueId} = ${email.issueId})`,
    // Other readers' comments count only where the issue is public, as the thread shows them (lib/comments/repo.ts).
    commentCount: sql<number>`(select count(*)::int from ${comment} where ${comment.issueId} = ${email.issueId}
      and (${comment.userId} = ${email.userId} or exists (select 1 from ${newsletter} where ${newsletter.id} = ${email.newsletterId} and ${newsletter.isPublic})))`,
  };
}

/**
 * The display join over the emails `chosen` picks, selecting what `fields` makes of the Email's columns.
 * `feedTotal` rides along on every row so that the unfiltered feed's page and total come back in one
 * round trip; null where the caller has no use for it.
 */
function selectJoined<Fields extends SelectedFields>(
  db: Pick<Database, "select">,
  fields: (columns: EmailColumns) => Fields,
  feedTotal: SQL<number | null>,
  chosen: SQL,
) {
  const ofNewsletter = emailNewsletter();
  return db
    .select({ ...fields(emailColumns(ofNewsletter)), feedTotal })
    .from(email)
    .innerJoinLateral(ofNewsletter, sql`true`)
    .leftJoin(emailLike, eq(emailLike.emailId, email.id))
    .leftJoin(emailFavorite, eq(emailFavorite.emailId, email.id))
    .leftJoin(share, eq(share.emailId, email.id))
    .leftJoin(readingProgress, eq(readingProgress.emailId, email.id))
    .where(chosen);
}

/** The display rows, each Email's columns as they are. */
function selectRows(db: Pick<Database, "select">, feedTotal: SQL<number | null>, chosen: SQL) {
  return selectJoined(db, (columns) => columns, feedTotal, chosen);
}

/**
 * The display rows with each answered as its Email's JSON text, built by PostgreSQL (dto.ts): the feed's
 * Node thread, the server's ceiling, then neither parses the rows' columns nor serializes the answer.
 * Each carries its issue's change stamp as of the same snapshot, which a kept answer is checked by.
 */
export function selectRowsJson(db: Pick<Database, "select">, feedTotal: SQL<number | null>, chosen: SQL) {
  return selectJoined(
    db,
    (columns) => ({ item: emailJson(columns), issueId: email.issueId, issueChanges: issueChanges(email.issueId) }),
    feedTotal,
    chosen,
  );
}

/** Listed emails as their JSON text, with what a kept feed answer is checked by (change-repo.ts). */
export type EmailJsonRow = { item: string; issueId: number; issueChanges: string };

function prepareRowsByIds(db: Database) {
  return selectRows(
    db,
    sql<number | null>`null::int`,
    sql`${email.userId} = ${sql.placeholder("userId")} and ${email.id} = any(${sql.placeholder("ids")}::int[])`,
  ).prepare("email_rows_of_user_by_ids");
}

export type EmailRow = Awaited<ReturnType<ReturnType<typeof prepareRowsByIds>["execute"]>>[number];

// Planning the eight-way join costs more than running it for a page, so it is prepared once per connection pool.
const preparedRowsByIds = new WeakMap<Database, Map<string, ReturnType<typeof prepareRowsByIds>>>();

/**
 * Display rows of these emails of the user's, in the order of `ids`; another user's ids give nothing.
 * Bodies only when asked for (the single-email answer); otherwise they are null.
 */
export async function findEmailRows(userId: number, ids: number[], options: { withBodies?: boolean } = {}): Promise<EmailRow[]> {
  if (ids.length === 0) return [];
  const rows = await preparedOnce(preparedRowsByIds, "email_rows_of_user_by_ids", prepareRowsByIds).execute({
    userId,
    ids,
    withBodies: options.withBodies ?? false,
  });
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((left, right) => position.get(left.email.id)! - position.get(right.email.id)!);
}

/** The ids of the user's own emails after `afterId`, in id order, a page at a time (an export's keyset). */
export async function findOwnEmailIds(userId: number, afterId: number, limit: number): Promise<number[]> {
  const rows = await getDb()
    .select({ id: email.id })
    .from(email)
    .where(and(eq(email.userId, userId), gt(email.id, afterId)))
    .orderBy(asc(email.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

function prepareJsonByIds(db: Database) {
  return selectRowsJson(
    db,
    sql<number | null>`null::int`,
    sql`${email.userId} = ${sql.placeholder("userId")} and ${email.id} = any(${sql.placeholder("ids")}::int[])`,
  )
    .orderBy(sql`array_position(${sql.placeholder("ids")}::int[], ${email.id})`)
    .prepare("email_json_of_user_by_ids");
}

const preparedJsonByIds = new WeakMap<Database, Map<string, ReturnType<typeof prepareJsonByIds>>>();

/** findEmailRows' emails as their JSON text (dto.ts), in the order of `ids`. */
export async function findEmailJson(userId: number, ids: number[]): Promise<EmailJsonRow[]> {
  if (ids.length === 0) return [];
  return preparedOnce(preparedJsonByIds, "email_json_of_user_by_ids", prepareJsonByIds).execute({ userId, ids });
}

const countAll = sql<number>`count(*)::int`;

export type Activity = "liked" | "favorited" | "commented";

/** One entry of an activity list: the user's own email, or a public newsletter's issue they acted on without a copy. */
export type ActivityEntry = { row: EmailRow } | { issueId: number };

/** An issue of a public newsletter, whose copy-less actions stay listed only while it stays public. */
const isPublicIssue = (issueId: SQL | AnyPgColumn) =>
  exists(
    getDb()
      .select({ one: sql`1` })
      .from(issue)
      .innerJoin(newsletter, and(eq(newsletter.id, issue.newsletterId), isPublic))
      .where(eq(issue.id, issueId)),
  );

/** The emails a user liked, favourited or commented on, newest action first, driven by the action's own index. */
export async function findActivityPage(
  userId: number,
  activity: Activity,
  page: PageQuery,
): Promise<{ entries: ActivityEntry[]; total: number }> {
  if (activity === "commented") return findCommentedPage(userId, page);
  const table = activity === "liked" ? emailLike : emailFavorite;
  const mine = and(eq(table.userId, userId), or(isNotNull(table.emailId), isPublicIssue(table.issueId)));
  const [refs, [count]] = await Promise.all([
    getDb()
      .select({ emailId: table.emailId, issueId: table.issueId })
      .from(table)
      .where(mine)
      .orderBy(desc(table.createdAt), desc(table.emailId), desc(table.issueId))
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size),
    getDb().select({ total: countAll }).from(table).where(mine),
  ]);
  const rows = new Map(
    (
      await findEmailRows(
        userId,
        refs.flatMap((ref) => (ref.emailId === null ? [] : [ref.emailId])),
      )
    ).map((row) => [row.email.id, row]),
  );
  const entries = refs.flatMap((ref): ActivityEntry[] => {
    if (ref.emailId === null) return [{ issueId: ref.issueId }];
    const row = rows.get(ref.emailId);
    return row ? [{ row }] : [];
  });
  return { entries, total: count?.total ?? 0 };
}

/**
 * The emails a user commented on, most recent comment first: their own copy of the issue when they
 * have one (a comment made before the copy arrived included), else a public issue they commented on
 * from discover, listed in its shared form while it stays public.
 */
async function findCommentedPage(userId: number, page: PageQuery): Promise<{ entries: ActivityEntry[]; total: number }> {
  const own = alias(email, "own");
  const firstOwnCopy = getDb()
    .select({ id: sql`min(${own.id})` })
    .from(own)
    .where(and(eq(own.userId, userId), eq(own.issueId, comment.issueId)));
  const ownCopy = sql<number | null>`coalesce(${comment.emailId}, (${firstOwnCopy}))`;
  const commented = getDb()
    .select({
      emailId: ownCopy.as("email_id"),
      issueId: sql<number>`${comment.issueId}`.as("issue_id"),
      lastAt: sql<Date>`max(${comment.createdAt})`.as("last_at"),
    })
    .from(comment)
    .where(eq(comment.userId, userId))
    .groupBy(sql`1`, comment.issueId)
    .as("commented");
  // Named in full: Drizzle writes a subquery's fields unqualified, and inside the check that would rest on no other table having the name.
  const listed = or(isNotNull(commented.emailId), isPublicIssue(sql`${sql.identifier("commented")}.${sql.identifier("issue_id")}`));
  const [refs, [count]] = await Promise.all([
    getDb()
      .select({ emailId: commented.emailId, issueId: commented.issueId })
      .from(commented)
      .where(listed)
      .orderBy(desc(commented.lastAt), desc(commented.issueId))
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size),
    getDb().select({ total: countAll }).from(commented).where(listed),
  ]);
  const rows = new Map(
    (
      await findEmailRows(
        userId,
        refs.flatMap((ref) => (ref.emailId === null ? [] : [Number(ref.emailId)])),
      )
    ).map((row) => [row.email.id, row]),
  );
  const entries = refs.flatMap((ref): ActivityEntry[] => {
    if (ref.emailId === null) return [{ issueId: ref.issueId }];
    const row = rows.get(Number(ref.emailId));
    return row ? [{ row }] : [];
  });
  return { entries, total: count?.total ?? 0 };
}

export async function findEmail(userId: number, emailId: number): Promise<EmailRow | undefined> {
  const [row] = await findEmailRows(userId, [emailId], { withBodies: true });
  return row;
}

/**
 * What a user acts on: their own email, or (id null) a public newsletter's issue they hold no copy of,
 * whose likes, favourites and reads are keyed by (user, issue).
 */
export type ActionTarget = { id: number | null; issueId: number; newsletterId: number };

/**
 * The issue behind an email the user may read, as GET /api/issues/{id} decides: their own email, or
 * any reader's copy of a public newsletter's issue. `ownEmailId` is the user's own copy, if any.
 */
export async function findReadableIssue(
  userId: number,
  emailId: number,
): Promise<{ issueId: number; newsletterId: number; ownEmailId: number | null } | undefined> {
  const own = eq(email.userId, userId);
  const [row] = await getDb()
    .select({
      issueId: email.issueId,
      newsletterId: email.newsletterId,
      ownerId: email.userId,
      ownCopy: sql<number | null>`(select min(own.id) from ${email} own where own.user_id = ${userId} and own.issue_id = ${email.issueId})`,
    })
    .from(email)
    .innerJoin(issue, eq(issue.id, email.issueId))
    .innerJoin(newsletter, eq(newsletter.id, issue.newsletterId))
    .where(and(eq(email.id, emailId), or(own, and(eq(email.kind, "issue"), isPublic))));
  if (!row) return undefined;
  const found = { issueId: row.issueId, newsletterId: row.newsletterId };
  if (row.ownerId === userId) return { ...found, ownEmailId: emailId };
  return { ...found, ownEmailId: row.ownCopy === null ? null : Number(row.ownCopy) };
}

/** The picture a card of this email shows the user, as GET /api/issues/{id} would: their own copy's, else the public issue's. */
export async function findThumbnailUrl(userId: number, emailId: number): Promise<string | null | undefined> {
  const readable = await findReadableIssue(userId, emailId);
  if (!readable) return undefined;
  const [row] =
    readable.ownEmailId !== null
      ? await getDb().select({ url: email.thumbnailUrl }).from(email).where(eq(email.id, readable.ownEmailId))
      : await getDb().select({ url: issue.thumbnailUrl }).from(issue).where(eq(issue.id, readable.issueId));
  return row?.url ?? null;
}

/** The pictures of just-filed emails, each URL once with the emails and issues that show it. */
export async function findFiledThumbnails(emailIds: number[]): Promise<{ url: string; emailIds: number[]; issueIds: number[] }[]> {
  if (emailIds.length === 0) return [];
  return getDb()
    .select({
      url: sql<string>`${email.thumbnailUrl}`,
      emailIds: sql<number[]>`array_agg(${email.id})`,
      issueIds: sql<number[]>`array_agg(distinct ${email.issueId})`,
    })
    .from(email)
    .where(and(inArray(email.id, emailIds), isNotNull(email.thumbnailUrl)))
    .groupBy(email.thumbnailUrl);
}

/** Drops a picture the server cannot fetch from these emails and issues, where it is still theirs. */
export async function clearThumbnail(url: string, emailIds: number[], issueIds: number[]): Promise<void> {
  const db = getDb();
  await db
    .update(email)
    .set({ thumbnailUrl: null })
    .where(and(inArray(email.id, emailIds), eq(email.thumbnailUrl, url)));
  await db
    .update(issue)
    .set({ thumbnailUrl: null })
    .where(and(inArray(issue.id, issueIds), eq(issue.thumbnailUrl, url)));
}

type ActionTable = typeof emailLike | typeof emailFavorite | typeof emailRead;

/** The user's action row on the target: on their email, or on the issue where they have no copy. */
function actionOn(table: ActionTable, userId: number, target: ActionTarget): SQL | undefined {
  const onTarget = target.id === null ? and(isNull(table.emailId), eq(table.issueId, target.issueId)) : eq(table.emailId, target.id);
  return and(onTarget, eq(table.userId, userId));
}

/**
 * The row an action writes, read in SQL rather than taken on trust: the user's own email (another
 * reader's email id yields none), or, for a copy-less action, the issue of a public newsletter (a private
 * one yields none). `at` fills the table's remaining columns, in their order.
 */
function actionRow<At extends Record<string, SQL.Aliased>>(userId: number, target: ActionTarget, at: At) {
  if (target.id !== null) {
    return getDb()
      .select({ emailId: email.id, userId: email.userId, issueId: email.issueId, ...at })
      .from(email)
      .where(and(eq(email.id, target.id), eq(email.userId, userId)));
  }
  return getDb()
    .select({
      emailId: sql<number | null>`null::int`.as("email_id"),
      userId: sql<number>`${userId}::int`.as("user_id"),
      issueId: issue.id,
      ...at,
    })
    .from(issue)
    .innerJoin(newsletter, and(eq(newsletter.id, issue.newsletterId), isPublic))
    .where(eq(issue.id, target.issueId));
}

const now = (name: string) => sql<Date>`now()`.as(name);

// Without a target, a duplicate on either unique index (the email's, or the copy-less (user, issue)) is skipped.
/** True when it changed: the newsletter's likes change with it. */
export async function setLiked(userId: number, target: ActionTarget, liked: boolean): Promise<boolean> {
  const changed = liked
    ? await getDb()
        .insert(emailLike)
        .select(actionRow(userId, target, { createdAt: now("created_at") }))
        .onConflictDoNothing()
        .returning({ issueId: emailLike.issueId })
    : await getDb()
        .delete(emailLike)
        .where(actionOn(emailLike, userId, target))
        .returning({ issueId: emailLike.issueId });
  return changed.length > 0;
}

export async function setFavorited(userId: number, target: ActionTarget, favorited: boolean): Promise<void> {
  if (favorited)
    await getDb()
      .insert(emailFavorite)
      .select(actionRow(userId, target, { createdAt: now("created_at") }))
      .onConflictDoNothing();
  else
    await getDb()
      .delete(emailFavorite)
      .where(actionOn(emailFavorite, userId, target));
}

/** Marks read and adds this visit's seconds to the read's; unread forgets the read. True when seconds were added. */
export async function setRead(userId: number, target: ActionTarget, read: boolean, seconds: number): Promise<boolean> {
  if (!read) {
    await getDb()
      .delete(emailRead)
      .where(actionOn(emailRead, userId, target));
    return false;
  }
  const conflict =
    target.id === null
      ? { target: [emailRead.userId, emailRead.issueId], targetWhere: isNull(emailRead.emailId) }
      : { target: emailRead.emailId };
  const written = await getDb()
    .insert(emailRead)
    .select(
      actionRow(userId, target, {
        durationSeconds: sql<number>`${seconds}::int`.as("duration_seconds"),
        firstReadAt: now("first_read_at"),
        lastReadAt: now("last_read_at"),
      }),
    )
    .onConflictDoUpdate({
      ...conflict,
      set: { durationSeconds: sql`least(${emailRead.durationSeconds}::bigint + ${seconds}, 2147483647)`, lastReadAt: sql`now()` },
    })
    .returning({ issueId: emailRead.issueId });
  return written.length > 0 && seconds > 0;
}
