import { jsonText, route } from "@/lib/api/route";
import { trendingNewslettersJson } from "@/lib/newsletters/discovery-service";

export const GET = route({ auth: "user" }, async () => jsonText(await trendingNewslettersJson()));
