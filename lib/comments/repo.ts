import "server-only";
import { asc, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { comment, email, issue, newsletter, user } from "@/db/schema";

const commentColumns = {
  id: comment.id,
  issueId: comment.issueId,
  emailId: comment.emailId,
  content: comment.content,
  createdAt: comment.createdAt,
  username: user.username,
};

export type CommentRow = { id: number; issueId: number; emailId: number | null; content: string; createdAt: Date; username: string };

export async function findIssueComments(issueId: number): Promise<CommentRow[]> {
  return getDb().select(commentColumns).from(comment).innerJoin(user, eq(user.id, comment.userId)).where(eq(comment.issueId, issueId)).orderBy(asc(comment.createdAt), asc(comment.id));
}

export async function findUserComments(userId: number): Promise<CommentRow[]> {
  return getDb().select(commentColumns).from(comment).innerJoin(user, eq(user.id, comment.userId)).where(eq(comment.userId, userId)).orderBy(desc(comment.createdAt), desc(comment.id));
}

export async function findComment(commentId: number): Promise<CommentRow | undefined> {
  const [row] = await getDb().select(commentColumns).from(comment).innerJoin(user, eq(user.id, comment.userId)).where(eq(comment.id, commentId));
  return row;
}

export async function insertComment(userId: number, values: { issueId: number; emailId: number | null; content: string }): Promise<number> {
  const [row] = await getDb()
    .insert(comment)
    .values({ userId, ...values })
    .returning({ id: comment.id });
  return row!.id;
}

/**
 * The issue behind an email the user may read, as GET /api/issues/{id} decides: their own email, or
 * any reader's copy of a public newsletter's issue. `ownEmailId` is the user's own copy, if any.
 */
export async function findReadableIssue(userId: number, emailId: number): Promise<{ issueId: number; ownEmailId: number | null } | undefined> {
  const [row] = await getDb()
    .select({
      issueId: email.issueId,
      ownerId: email.userId,
      kind: email.kind,
      isPublic: newsletter.isPublic,
      ownCopy: sql<number | null>`(select min(own.id) from ${email} own where own.user_id = ${userId} and own.issue_id = ${email.issueId})`,
    })
    .from(email)
    .innerJoin(issue, eq(issue.id, email.issueId))
    .innerJoin(newsletter, eq(newsletter.id, issue.newsletterId))
    .where(eq(email.id, emailId));
  if (!row) return undefined;
  if (row.ownerId === userId) return { issueId: row.issueId, ownEmailId: emailId };
  if (row.kind !== "issue" || !row.isPublic) return undefined;
  return { issueId: row.issueId, ownEmailId: row.ownCopy === null ? null : Number(row.ownCopy) };
}
