import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { readableIssue } from "@/lib/issues/service";
import { findComment, findIssueComments, findUserComments, insertComment, type CommentRow } from "./repo";
import type { CreateCommentInput } from "./schemas";

function toCommentDto(row: CommentRow) {
  return {
    id: row.id,
    issue_id: row.issueId,
    email_id: row.emailId,
    content: row.content,
    created_at: new Date(row.createdAt).toISOString(),
    owner: { username: row.username },
  };
}

export type CommentDto = ReturnType<typeof toCommentDto>;

/**
 * Comments belong to the issue and are seen only where it is: everyone who can read a public issue sees
 * the same thread, oldest first; on a private newsletter's issue a reader sees their own comments alone.
 */
export async function listIssueComments(userId: number, emailId: number) {
  const { issueId } = await readableIssue(userId, emailId);
  return { items: (await findIssueComments(userId, issueId)).map(toCommentDto) };
}

/** A comment is filed under the commenter's own copy of the issue; on a public issue they never received, under none. */
export async function addComment(userId: number, emailId: number, input: CreateCommentInput) {
  const { issueId, ownEmailId } = await readableIssue(userId, emailId);
  const id = await insertComment(userId, { issueId, emailId: ownEmailId, content: input.content });
  const created = id === undefined ? undefined : await findComment(userId, id);
  if (!created) throw new NotFoundError("Comment not found");
  return toCommentDto(created);
}

export async function listMyComments(userId: number) {
  return { items: (await findUserComments(userId)).map(toCommentDto) };
}
