import { declaredLength, mediaType } from "@/lib/api/input";
import { json, otherMethods, route } from "@/lib/route";
import { listImports, startImport } from "@/lib/imports/service";

export const GET = route({ auth: "user" }, ({ user }) => listImports(user.id));
export const POST = route({ auth: "user" }, async ({ user, request }) => {
  const upload = { mediaType: mediaType(request.headers), declaredLength: declaredLength(request.headers), body: request.body };
  const started = await startImport(user.id, upload);
  return json({ id: started.id, status: started.status }, { status: 202 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "POST");
