import { route } from "@/lib/api/route";
import { searchPublicNewsletters } from "@/lib/newsletters/discovery-service";
import { SearchQuery } from "@/lib/newsletters/schemas";

export const GET = route({ auth: "user", query: SearchQuery }, ({ query }) => searchPublicNewsletters(query.q));
