import { otherMethods, route } from "@/lib/route";
import { SubscribeInput } from "@/lib/subscriptions/schemas";
import { subscribe } from "@/lib/subscriptions/service";

export const POST = route({ auth: "user", body: SubscribeInput }, ({ user, body }) => subscribe(user, body));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
