import { jsonText, otherMethods, route } from "@/lib/route";
import { trendingIssuesJson } from "@/lib/issues/public-service";

export const GET = route({ auth: "user" }, async ({ user }) => jsonText(await trendingIssuesJson(user.id)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
