import { noContent, otherMethods, route } from "@/lib/route";
import { EmailIdParams, ReadProgressInput } from "@/lib/issues/schemas";
import { saveReadProgress } from "@/lib/issues/service";

export const PUT = route({ auth: "user", params: EmailIdParams, body: ReadProgressInput }, async ({ user, params, body }) => {
  await saveReadProgress(user.id, params.emailId, body);
  return noContent();
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods("user", "PUT");
