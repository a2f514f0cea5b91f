import { declaredLength } from "@/lib/api/input";
import { json, otherMethods, route } from "@/lib/route";
import { listFeedImportsOf, startFeedImport } from "@/lib/feeds-in/opml-import";

export const GET = route({ auth: "user" }, ({ user }) => listFeedImportsOf(user.id));
export const POST = route({ auth: "user" }, async ({ user, request }) =>
  json(await startFeedImport(user.id, { body: request.body, declaredLength: declaredLength(request.headers) }), { status: 202 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "POST");
