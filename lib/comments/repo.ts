import "server-only";
import { and, asc, desc, eq, exists, or, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { comment, email, issue, newsletter, user } from "@/db/schema";
import { isPublic } from "@/lib/newsletters/activity";

const commentColumns = {
  id: comment.id,
  issueId: comment.issueId,
  emailId: comment.emailId,
  content: comment.content,
  createdAt: comment.createdAt,
  username: user.username,
};

export type CommentRow = { id: number; issueId: number; emailId: number | null; content: string; createdAt: Date; username: string };

/**
 * The thread of an issue as this reader may see it: everyone's comments where the issue is public (its
 * newsletter is), else only their own. Readers who share a private newsletter's edition never see each
 * other's comments, names or usernames.
 */
export async function findIssueComments(viewerId: number, issueId: number): Promise<CommentRow[]> {
  const publicIssue = exists(
    getDb()
      .select({ one: sql`1` })
      .from(issue)
      .innerJoin(newsletter, and(eq(newsletter.id, issue.newsletterId), isPublic))
      .where(eq(issue.id, issueId)),
  );
  return getDb()
    .select(commentColumns)
    .from(comment)
    .innerJoin(user, eq(user.id, comment.userId))
    .where(and(eq(comment.issueId, issueId), or(eq(comment.userId, viewerId), publicIssue)))
    .orderBy(asc(comment.createdAt), asc(comment.id));
}

export async function findUserComments(userId: number): Promise<CommentRow[]> {
  return getDb()
    .select(commentColumns)
    .from(comment)
    .innerJoin(user, eq(user.id, comment.userId))
    .where(eq(comment.userId, userId))
    .orderBy(desc(comment.createdAt), desc(comment.id));
}

export async function findComment(userId: number, commentId: number): Promise<CommentRow | undefined> {
  const [row] = await getDb()
    .select(commentColumns)
    .from(comment)
    .innerJoin(user, eq(user.id, comment.userId))
    .where(and(eq(comment.userId, userId), eq(comment.id, commentId)));
  return row;
}

/**
 * Files the comment under the user's own copy of the issue (`emailId`), or under none; another reader's
 * email id, or one of another issue, files nothing (undefined).
 */
export async function insertComment(
  userId: number,
  values: { issueId: number; emailId: number | null; content: string },
): Promise<number | undefined> {
  const source =
    values.emailId === null
      ? sql`select ${userId}::int, ${values.issueId}::int, null::int, ${values.content}`
      : sql`select ${email.userId}, ${email.issueId}, ${email.id}, ${values.content} from ${email}
          where ${email.id} = ${values.emailId} and ${email.userId} = ${userId} and ${email.issueId} = ${values.issueId}`;
  const result = (await getDb().execute(
    sql`insert into ${comment} (user_id, issue_id, email_id, content) ${source} returning id`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows[0]?.id;
}
