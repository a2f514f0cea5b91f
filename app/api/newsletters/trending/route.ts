import { route } from "@/lib/api/route";
import { listTrendingNewsletters } from "@/lib/newsletters/discovery-service";

export const GET = route({ auth: "user" }, () => listTrendingNewsletters());
