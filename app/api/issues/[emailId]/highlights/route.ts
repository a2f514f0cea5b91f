import { json, otherMethods, route } from "@/lib/route";
import { CreateHighlightInput } from "@/lib/highlights/schemas";
import { addHighlight, listEmailHighlights } from "@/lib/highlights/service";
import { EmailIdParams } from "@/lib/issues/schemas";

export const GET = route({ auth: "user", params: EmailIdParams }, ({ user, params }) => listEmailHighlights(user.id, params.emailId));
export const POST = route({ auth: "user", params: EmailIdParams, body: CreateHighlightInput }, async ({ user, params, body }) =>
  json(await addHighlight(user.id, params.emailId, body), { status: 201 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "POST");
