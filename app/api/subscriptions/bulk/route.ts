import { otherMethods, route } from "@/lib/route";
import { BulkSubscribeInput } from "@/lib/subscriptions/schemas";
import { subscribeMany } from "@/lib/subscriptions/service";

export const POST = route({ auth: "user", body: BulkSubscribeInput }, ({ user, body }) => subscribeMany(user.id, body));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
