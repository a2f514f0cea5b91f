import { otherMethods, route } from "@/lib/route";
import { EmailIdsInput } from "@/lib/issues/schemas";
import { markUnread } from "@/lib/issues/service";

// The undo of mark-read: the ids it answered become unread again.
export const POST = route({ auth: "user", body: EmailIdsInput }, ({ user, body }) => markUnread(user.id, body));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
