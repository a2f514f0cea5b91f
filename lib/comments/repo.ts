import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { comment, user } from "@/db/schema";

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
  return getDb()
    .select(commentColumns)
    .from(comment)
    .innerJoin(user, eq(user.id, comment.userId))
    .where(eq(comment.issueId, issueId))
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

export async function findComment(commentId: number): Promise<CommentRow | undefined> {
  const [row] = await getDb()
    .select(commentColumns)
    .from(comment)
    .innerJoin(user, eq(user.id, comment.userId))
    .where(eq(comment.id, commentId));
  return row;
}

export async function insertComment(userId: number, values: { issueId: number; emailId: number | null; content: string }): Promise<number> {
  const [row] = await getDb()
    .insert(comment)
    .values({ userId, ...values })
    .returning({ id: comment.id });
  return row!.id;
}
