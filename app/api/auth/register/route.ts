import { otherMethods, route, withSession } from "@/lib/route";
import { RegisterInput } from "@/lib/auth/schemas";
import { register } from "@/lib/auth/service";

export const POST = route({ auth: "none", body: RegisterInput }, async ({ request, body }) => {
  const { user, headers } = await register(body, request.headers);
  return withSession({ user }, 201, headers);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "POST");
