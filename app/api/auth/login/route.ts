import { otherMethods, route, withSession } from "@/lib/route";
import { LoginInput } from "@/lib/auth/schemas";
import { login } from "@/lib/auth/service";

export const POST = route({ auth: "none", body: LoginInput }, async ({ request, body }) => {
  const { user, headers } = await login(body, request.headers);
  return withSession({ user }, 200, headers);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "POST");
