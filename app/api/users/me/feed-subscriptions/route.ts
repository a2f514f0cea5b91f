import { json, otherMethods, route } from "@/lib/route";
import { FollowFeedInput } from "@/lib/feeds-in/schemas";
import { followFeed, listFeedSubscriptions } from "@/lib/feeds-in/service";

export const GET = route({ auth: "user" }, ({ user }) => listFeedSubscriptions(user.id));
export const POST = route({ auth: "user", body: FollowFeedInput }, async ({ user, body }) =>
  json(await followFeed(user.id, body.url), { status: 201 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "POST");
