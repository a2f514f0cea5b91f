import { jsonText, otherMethods, route } from "@/lib/route";
import { FeedQuery } from "@/lib/issues/schemas";
import { listFeedJson } from "@/lib/issues/service";

export const GET = route({ auth: "user", query: FeedQuery }, async ({ user, query }) => jsonText(await listFeedJson(user.id, query)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
