import { json, otherMethods, route } from "@/lib/route";
import { CreateCommentInput } from "@/lib/comments/schemas";
import { addComment, listIssueComments } from "@/lib/comments/service";
import { EmailIdParams } from "@/lib/issues/schemas";

export const GET = route({ auth: "user", params: EmailIdParams }, ({ user, params }) => listIssueComments(user.id, params.emailId));
export const POST = route({ auth: "user", params: EmailIdParams, body: CreateCommentInput }, async ({ user, params, body }) =>
  json(await addComment(user.id, params.emailId, body), { status: 201 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "POST");
