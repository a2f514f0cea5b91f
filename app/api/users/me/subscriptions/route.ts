import { otherMethods, route } from "@/lib/route";
import { listSubscriptions } from "@/lib/subscriptions/service";

export const GET = route({ auth: "user" }, ({ user }) => listSubscriptions(user.id));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
