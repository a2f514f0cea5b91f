import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { findOwnEmailRef } from "@/lib/issues/repo";
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

/** Comments belong to the issue: every reader of it sees the same thread, oldest first. */
export async function listIssueComments(userId: number, emailId: number) {
  const ref = await findOwnEmailRef(userId, emailId);
  if (!ref) throw new NotFoundError("Email not found");
  return { items: (await findIssueComments(ref.issueId)).map(toCommentDto) };
}

export async function addComment(userId: number, emailId: number, input: CreateCommentInput) {
  const ref = await findOwnEmailRef(userId, emailId);
  if (!ref) throw new NotFoundError("Email not found");
  const id = await insertComment(userId, { issueId: ref.issueId, emailId: ref.id, content: input.content });
  const created = await findComment(id);
  if (!created) throw new NotFoundError("Comment not found");
  return toCommentDto(created);
}

export async function listMyComments(userId: number) {
  return { items: (await findUserComments(userId)).map(toCommentDto) };
}
