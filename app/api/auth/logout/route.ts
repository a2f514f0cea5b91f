import { noContent, otherMethods, route } from "@/lib/route";
import { logout } from "@/lib/auth/service";

export const POST = route({ auth: "session" }, async ({ request, user }) => noContent(await logout(user, request.headers)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("session", "POST");
