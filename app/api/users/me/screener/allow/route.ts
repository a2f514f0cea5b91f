import { otherMethods, route } from "@/lib/route";
import { ScreenerDecisionInput } from "@/lib/screener/schemas";
import { allowSender } from "@/lib/mail/release";

export const POST = route({ auth: "user", body: ScreenerDecisionInput }, ({ user, body }) => allowSender(user.id, body.sender));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
