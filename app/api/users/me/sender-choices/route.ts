import { otherMethods, route } from "@/lib/route";
import { SenderChoiceInput } from "@/lib/passthrough/schemas";
import { getSenderChoices, setSenderChoice } from "@/lib/passthrough/settings";

export const GET = route({ auth: "user" }, ({ user }) => getSenderChoices(user.id));
export const PUT = route({ auth: "user", body: SenderChoiceInput }, ({ user, body }) => setSenderChoice(user.id, body));

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "PUT");
