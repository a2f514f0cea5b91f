import { noContent, otherMethods, route } from "@/lib/route";
import { logout } from "@/lib/auth/service";

export const POST = route({ auth: "user" }, async ({ request, user }) => noContent(await logout(user, request.headers)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
