import { route } from "@/lib/api/route";
import { SubscribeInput } from "@/lib/subscriptions/schemas";
import { subscribe } from "@/lib/subscriptions/service";

export const POST = route({ auth: "user", body: SubscribeInput }, ({ user, body }) => subscribe(user.id, body));
