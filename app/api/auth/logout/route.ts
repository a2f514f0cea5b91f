import { noContent, route } from "@/lib/api/route";
import { logout } from "@/lib/auth/service";

export const POST = route({ auth: "user" }, async ({ request }) => noContent(await logout(request.headers)));
