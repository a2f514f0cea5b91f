import { noContent, otherMethods, route } from "@/lib/route";
import { confirmPasswordReset } from "@/lib/auth/password";
import { PasswordResetConfirmInput } from "@/lib/auth/schemas";

export const POST = route({ auth: "none", body: PasswordResetConfirmInput }, async ({ body, request }) => {
  await confirmPasswordReset(body, request.headers);
  return noContent();
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "POST");
