import "server-only";
import { and, desc, eq, exists, inArray, ne, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { comment, email, emailLike, issue, newsletter, subscription } from "@/db/schema";
import { isPublic, recentIssueActivity } from "./activity";

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

/** The user's own newest emails of one newsletter, confirmation messages left out. */
export async function findOwnRecentEmailRefs(userId: number, newsletterId: number, limit: number): Promise<IssueRef[]> {
  return getDb()
    .select({ issueId: email.issueId, date: email.dateReceived })
    .from(email)
    .where(and(eq(email.userId, userId), eq(email.newsletterId, newsletterId), ne(email.kind, "confirmation")))
    .orderBy(desc(email.dateReceived), desc(email.id))
    .limit(limit);
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

/**
 * Issues of public newsletters in their shared (de-personalized) form, each with the id of its
 * first delivered email, the id GET /api/issues/{id} answers for it.
 */
export async function findPublicIssues(userId: number, issueIds: number[]) {
  if (issueIds.length === 0) return [];
  const rows = await getDb()
    .select({
      issue: {
        id: issue.id,
        subject: issue.subject,
        senderName: issue.senderName,
        senderEmail: issue.senderEmail,
        summary: issue.summary,
        thumbnailUrl: issue.thumbnailUrl,
        wordCount: issue.wordCount,
        publishedAt: issue.publishedAt,
        bodyHtml: issue.bodyHtml,
        bodyPlain: issue.bodyPlain,
      },
      newsletter: { id: newsletter.id, name: newsletter.name, websiteUrl: newsletter.websiteUrl, logoUrl: newsletter.logoUrl },
      emailId: sql<number | null>`(select min(${email.id}) from ${email} where ${email.issueId} = ${issue.id} and ${email.kind} = 'issue')`,
      subscribed: exists(
        getDb()
          .select({ one: sql`1` })
          .from(subscription)
          .where(and(eq(subscription.userId, userId), eq(subscription.newsletterId, issue.newsletterId), eq(subscription.status, "active"))),
      ).mapWith(Boolean),
      likeCount: sql<number>`(select count(*)::int from ${emailLike} where ${emailLike.issueId} = ${issue.id})`,
      commentCount: sql<number>`(select count(*)::int from ${comment} where ${comment.issueId} = ${issue.id})`,
    })
    .from(issue)
    .innerJoin(newsletter, and(eq(newsletter.id, issue.newsletterId), isPublic))
    .where(inArray(issue.id, issueIds));
  return rows.flatMap(({ emailId, ...row }) => (emailId === null ? [] : [{ ...row, emailId: Number(emailId) }]));
}

export type PublicIssueRow = Awaited<ReturnType<typeof findPublicIssues>>[number];
