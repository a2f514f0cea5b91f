import { otherMethods, route } from "@/lib/route";
import { HighlightsQuery } from "@/lib/highlights/schemas";
import { listMyHighlights } from "@/lib/highlights/service";

export const GET = route({ auth: "user", query: HighlightsQuery }, ({ user, query }) => listMyHighlights(user.id, query));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
