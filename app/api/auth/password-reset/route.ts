import { json, otherMethods, route } from "@/lib/route";
import { requestPasswordReset } from "@/lib/auth/password";
import { PasswordResetInput } from "@/lib/auth/schemas";

export const POST = route({ auth: "none", body: PasswordResetInput }, async ({ body, request }) => {
  await requestPasswordReset(body, request.headers);
  return json({ detail: "If an account uses this address, a link to reset its password is on its way." }, { status: 202 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "POST");
