import { json, otherMethods, route } from "@/lib/route";
import { FeedSubscriptionParams } from "@/lib/feeds-in/schemas";
import { refreshFeed } from "@/lib/feeds-in/service";

export const POST = route({ auth: "user", params: FeedSubscriptionParams }, async ({ user, params }) =>
  json(await refreshFeed(user.id, params.subscriptionId), { status: 202 }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
