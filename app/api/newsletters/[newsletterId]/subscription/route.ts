import { otherMethods, route } from "@/lib/route";
import { NewsletterParams, SubscriptionStatusInput } from "@/lib/subscriptions/schemas";
import { changeSubscription } from "@/lib/subscriptions/service";

export const PUT = route({ auth: "user", params: NewsletterParams, body: SubscriptionStatusInput }, ({ user, params, body }) =>
  changeSubscription(user.id, params.newsletterId, body.status),
);

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods("user", "PUT");
