import { otherMethods, route } from "@/lib/route";
import { ScreenerInput } from "@/lib/screener/schemas";
import { getScreener, setScreener } from "@/lib/screener/service";

export const GET = route({ auth: "user" }, ({ user }) => getScreener(user.id));
export const PUT = route({ auth: "user", body: ScreenerInput }, ({ user, body }) => setScreener(user.id, body.enabled));

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "PUT");
