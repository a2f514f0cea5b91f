import { noContent, otherMethods, route } from "@/lib/route";
import { FeedSubscriptionParams } from "@/lib/feeds-in/schemas";
import { unfollowFeed } from "@/lib/feeds-in/service";

export const DELETE = route({ auth: "user", params: FeedSubscriptionParams }, async ({ user, params }) => {
  await unfollowFeed(user.id, params.subscriptionId);
  return noContent();
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods("user", "DELETE");
