import { otherMethods, route, withSession } from "@/lib/route";
import { GoogleInput } from "@/lib/auth/schemas";
import { signInWithGoogle } from "@/lib/auth/service";

export const POST = route({ auth: "none", body: GoogleInput }, async ({ request, body }) => {
  const { user, headers } = await signInWithGoogle(body, request.headers);
  return withSession({ user }, 200, headers);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "POST");
