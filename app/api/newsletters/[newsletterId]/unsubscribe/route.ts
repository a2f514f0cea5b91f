import { otherMethods, route } from "@/lib/route";
import { NewsletterParams } from "@/lib/subscriptions/schemas";
import { unsubscribe } from "@/lib/subscriptions/unsubscribe";

export const POST = route({ auth: "user", params: NewsletterParams }, ({ user, params }) => unsubscribe(user, params.newsletterId));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
