import { otherMethods, route } from "@/lib/route";
import { SubscriptionParams } from "@/lib/subscriptions/schemas";
import { getSubscription } from "@/lib/subscriptions/service";

export const GET = route({ auth: "user", params: SubscriptionParams }, ({ user, params }) =>
  getSubscription(user.id, params.subscriptionId),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
