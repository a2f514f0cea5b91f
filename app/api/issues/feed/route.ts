import { otherMethods, route } from "@/lib/route";
import { FeedQuery } from "@/lib/issues/schemas";
import { listFeed } from "@/lib/issues/service";

export const GET = route({ auth: "user", query: FeedQuery }, ({ user, query }) => listFeed(user.id, query));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
