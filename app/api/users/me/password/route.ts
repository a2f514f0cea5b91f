import { noContent, otherMethods, route } from "@/lib/route";
import { changePassword } from "@/lib/auth/password";
import { ChangePasswordInput } from "@/lib/auth/schemas";

export const PUT = route({ auth: "session", body: ChangePasswordInput }, async ({ user, body, request }) => {
  await changePassword(user, body, request.headers);
  return noContent();
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods("user", "PUT");
