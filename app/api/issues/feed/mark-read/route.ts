import { otherMethods, route } from "@/lib/route";
import { FeedFilters } from "@/lib/issues/schemas";
import { markAllRead } from "@/lib/issues/service";

// The feed's own query, in the URL as on GET /api/issues/feed or as a JSON body.
export const POST = route({ auth: "user", query: FeedFilters, queryInBody: true }, ({ user, query }) => markAllRead(user.id, query));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
