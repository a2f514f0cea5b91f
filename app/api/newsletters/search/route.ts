import { jsonText, otherMethods, route } from "@/lib/route";
import { searchPublicNewslettersJson } from "@/lib/newsletters/discovery-service";
import { SearchQuery } from "@/lib/newsletters/schemas";

export const GET = route({ auth: "user", query: SearchQuery }, async ({ query }) => jsonText(await searchPublicNewslettersJson(query.q)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
