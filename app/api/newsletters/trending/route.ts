import { jsonText, otherMethods, route } from "@/lib/route";
import { trendingNewslettersJson } from "@/lib/newsletters/discovery-service";

export const GET = route({ auth: "user" }, async () => jsonText(await trendingNewslettersJson()));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
