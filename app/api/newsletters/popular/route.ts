import { route } from "@/lib/api/route";
import { listPopularNewsletters } from "@/lib/newsletters/service";

export const GET = route({ auth: "user" }, () => listPopularNewsletters());
