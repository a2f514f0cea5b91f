import "server-only";
// Shared issues as one reader sees them (trending, recent, acted on without a copy): the queries behind
// public-service.ts, reading the newsletters' shared editions beside the reader's own copies.
import { and, desc, eq, exists, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import { unionAll, type AnyPgColumn } from "drizzle-orm/pg-core";
import { getDb } from "@/db/client";
import { comment, email, emailFavorite, emailLike, emailRead, issue, newsletter, subscription } from "@/db/schema";
import { isPublic, recentIssueActivity } from "@/lib/newsletters/activity";

export type IssueRef = { issueId: number; date: Date };

/** An edition that reached someone as an issue, not only as a confirmation message. */
function deliveredAsIssue() {
  return exists(
    getDb()
      .select({ one: sql`1` })
      .from(email)
      .where(and(eq(email.issueId, issue.id), eq(email.kind, "issue"))),
  );
}

/** Ids of issues of public newsletters by the points of the last week's activity (see activity.ts). */
export async function findTrendingIssueIds(limit: number): Promise<number[]> {
  const activity = recentIssueActivity();
  const score = sql<number>`sum(${activity.points})`;
  const rows = await getDb()
    .select({ id: issue.id })
    .from(activity)
    .innerJoin(issue, eq(issue.id, activity.issueId))
    .innerJoin(newsletter, and(eq(newsletter.id, issue.newsletterId), isPublic))
    .where(deliveredAsIssue())
    .groupBy(issue.id)
    .orderBy(desc(score), desc(issue.publishedAt), desc(issue.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The newest issues of one newsletter, whoever received them. */
export async function findRecentIssueRefs(newsletterId: number, limit: number): Promise<IssueRef[]> {
  return getDb()
    .select({ issueId: issue.id, date: issue.publishedAt })
    .from(issue)
    .where(and(eq(issue.newsletterId, newsletterId), deliveredAsIssue()))
    .orderBy(desc(issue.publishedAt), desc(issue.id))
    .limit(limit);
}

/** What one reader has of a newsletter; `actions`: their likes, favourites and reads of its issues they hold no copy of. */
export type ReaderNewsletterState = { ownRefs: IssueRef[]; followed: boolean; actions: Map<number, CopylessActions> };

/** One reader's newest own emails of a newsletter (confirmations left out), and whether they follow it. */
export async function findReaderNewsletterState(userId: number, newsletterId: number, limit: number): Promise<ReaderNewsletterState> {
  const own = getDb()
    .select({ kind: sql<string>`'own'`, issueId: email.issueId, date: sql<Date | null>`${email.dateReceived}` })
    .from(email)
    .where(and(eq(email.userId, userId), eq(email.newsletterId, newsletterId), ne(email.kind, "confirmation")))
    .orderBy(desc(email.dateReceived), desc(email.id))
    .limit(limit);
  const followed = getDb()
    .select({ kind: sql<string>`'followed'`, issueId: sql<number>`0`, date: sql<Date | null>`null` })
    .from(subscription)
    .where(and(eq(subscription.userId, userId), eq(subscription.newsletterId, newsletterId), eq(subscription.status, "active")));
  const [rows, actions] = await Promise.all([unionAll(own, followed), findCopylessActions(userId, { newsletterId })]);
  return {
    ownRefs: rows.flatMap((row) => (row.kind === "own" ? [{ issueId: row.issueId, date: new Date(row.date!) }] : [])),
    followed: rows.some((row) => row.kind === "followed"),
    actions,
  };
}

/** The user's own copy of each of these issues, where they have one (the oldest, if several). */
export async function findOwnEmailsOfIssues(userId: number, issueIds: number[]): Promise<Map<number, number>> {
  if (issueIds.length === 0) return new Map();
  const rows = await getDb()
    .select({ issueId: email.issueId, emailId: sql<number>`min(${email.id})` })
    .from(email)
    .where(and(eq(email.userId, userId), inArray(email.issueId, issueIds)))
    .groupBy(email.issueId);
  return new Map(rows.map((row) => [row.issueId, Number(row.emailId)]));
}

// What anyone may see of an issue of a public newsletter, and the id of its first delivered email,
// the id GET /api/issues/{id} answers for it.
function sharedIssueColumns() {
  return {
    issue: {
      id: issue.id,
      subject: issue.subject,
      senderName: issue.senderName,
      senderEmail: issue.senderEmail,
      summary: issue.summary,
      senderVerifiedDomain: sql<
        string | null
      >`(select ${email.senderVerifiedDomain} from ${email} where ${email.issueId} = ${issue.id} and ${email.senderVerified} order by ${email.id} limit 1)`,
      thumbnailUrl: issue.thumbnailUrl,
      wordCount: issue.wordCount,
      publishedAt: issue.publishedAt,
    },
    newsletter: { id: newsletter.id, name: newsletter.name, websiteUrl: newsletter.websiteUrl, logoUrl: newsletter.logoUrl },
    emailId: sql<number | null>`(select min(${email.id}) from ${email} where ${email.issueId} = ${issue.id} and ${email.kind} = 'issue')`,
    likeCount: sql<number>`(select count(*)::int from ${emailLike} where ${emailLike.issueId} = ${issue.id})`,
    commentCount: sql<number>`(select count(*)::int from ${comment} where ${comment.issueId} = ${issue.id})`,
  };
}

function delivered<Row extends { emailId: number | null }>(rows: Row[]): (Omit<Row, "emailId"> & { emailId: number })[] {
  return rows.flatMap(({ emailId, ...row }) => (emailId === null ? [] : [{ ...row, emailId: Number(emailId) }]));
}

/** When this user liked, favourited or read the issue without a copy of it (their copy-less actions, see db/schema/reading.ts). */
function copylessActionAt(
  table: typeof emailLike | typeof emailFavorite | typeof emailRead,
  at: AnyPgColumn,
  userId: number,
): SQL<Date | null> {
  return sql<Date | null>`(select ${at} from ${table} where ${table.userId} = ${userId} and ${table.issueId} = ${issue.id} and ${table.emailId} is null)`;
}

/**
 * Issues of public newsletters in their shared (de-personalized) form, bodies included unless told, with
 * whether this user follows each newsletter and their own likes, favourites and reads of it.
 */
export async function findPublicIssues(userId: number, issueIds: number[], options: { withBodies?: boolean } = {}) {
  if (issueIds.length === 0) return [];
  const withBodies = options.withBodies ?? true;
  const { issue: issueColumns, ...columns } = sharedIssueColumns();
  const rows = await getDb()
    .select({
      ...columns,
      issue: {
        ...issueColumns,
        bodyHtml: withBodies ? issue.bodyHtml : sql<string | null>`null`,
        bodyPlain: withBodies ? issue.bodyPlain : sql<string | null>`null`,
      },
      subscribed: exists(
        getDb()
          .select({ one: sql`1` })
          .from(subscription)
          .where(
            and(eq(subscription.userId, userId), eq(subscription.newsletterId, issue.newsletterId), eq(subscription.status, "active")),
          ),
      ).mapWith(Boolean),
      likedAt: copylessActionAt(emailLike, emailLike.createdAt, userId),
      favoritedAt: copylessActionAt(emailFavorite, emailFavorite.createdAt, userId),
      readAt: copylessActionAt(emailRead, emailRead.lastReadAt, userId),
    })
    .from(issue)
    .innerJoin(newsletter, and(eq(newsletter.id, issue.newsletterId), isPublic))
    .where(inArray(issue.id, issueIds));
  return delivered(rows);
}

/** Issues of public newsletters in their shared form, without bodies and the same for every reader. */
export async function findSharedIssues(issueIds: number[]) {
  if (issueIds.length === 0) return [];
  const rows = await getDb()
    .select(sharedIssueColumns())
    .from(issue)
    .innerJoin(newsletter, and(eq(newsletter.id, issue.newsletterId), isPublic))
    .where(inArray(issue.id, issueIds));
  return delivered(rows);
}

export type SharedIssueRow = Awaited<ReturnType<typeof findSharedIssues>>[number];

export type CopylessActions = { likedAt: Date | null; favoritedAt: Date | null; readAt: Date | null };

/** This user's likes, favourites and reads made without a copy, of these issues or of one newsletter's issues, by issue id. */
async function findCopylessActions(
  userId: number,
  of: { issueIds: number[] } | { newsletterId: number },
): Promise<Map<number, CopylessActions>> {
  if ("issueIds" in of && of.issueIds.length === 0) return new Map();
  const actions = (kind: string, table: typeof emailLike | typeof emailFavorite | typeof emailRead, at: AnyPgColumn) => {
    const ofIssues =
      "issueIds" in of
        ? inArray(table.issueId, of.issueIds)
        : inArray(table.issueId, getDb().select({ id: issue.id }).from(issue).where(eq(issue.newsletterId, of.newsletterId)));
    return getDb()
      .select({ kind: sql<string>`${kind}`.as("kind"), issueId: table.issueId, at: sql<Date>`${at}`.as("at") })
      .from(table)
      .where(and(eq(table.userId, userId), isNull(table.emailId), ofIssues));
  };
  const rows = await unionAll(
    actions("liked", emailLike, emailLike.createdAt),
    actions("favorited", emailFavorite, emailFavorite.createdAt),
    actions("read", emailRead, emailRead.lastReadAt),
  );
  const byIssue = new Map<number, CopylessActions>();
  for (const row of rows) {
    const entry = byIssue.get(row.issueId) ?? { likedAt: null, favoritedAt: null, readAt: null };
    const at = new Date(row.at);
    if (row.kind === "liked") entry.likedAt = at;
    else if (row.kind === "favorited") entry.favoritedAt = at;
    else entry.readAt = at;
    byIssue.set(row.issueId, entry);
  }
  return byIssue;
}

export type ReaderIssueState = { own: Map<number, number>; followed: Set<number>; actions: Map<number, CopylessActions> };

/**
 * What one reader has of these issues: their own copy of each (the oldest, if several), which of these
 * newsletters they follow, and their likes, favourites and reads of the issues they hold no copy of.
 */
export async function findReaderIssueState(userId: number, issueIds: number[], newsletterIds: number[]): Promise<ReaderIssueState> {
  if (issueIds.length === 0) return { own: new Map(), followed: new Set(), actions: new Map() };
  const own = getDb()
    .select({ kind: sql<string>`'own'`, key: email.issueId, value: sql<number>`min(${email.id})` })
    .from(email)
    .where(and(eq(email.userId, userId), inArray(email.issueId, issueIds)))
    .groupBy(email.issueId);
  const followed = getDb()
    .select({ kind: sql<string>`'followed'`, key: subscription.newsletterId, value: sql<number>`0` })
    .from(subscription)
    .where(and(eq(subscription.userId, userId), inArray(subscription.newsletterId, newsletterIds), eq(subscription.status, "active")));
  const [rows, actions] = await Promise.all([unionAll(own, followed), findCopylessActions(userId, { issueIds })]);
  return {
    own: new Map(rows.filter((row) => row.kind === "own").map((row) => [row.key, Number(row.value)])),
    followed: new Set(rows.filter((row) => row.kind === "followed").map((row) => row.key)),
    actions,
  };
}
