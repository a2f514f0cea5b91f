import { noContent, otherMethods, route } from "@/lib/route";
import { BlockedSenderParams } from "@/lib/control/schemas";
import { unblockSender } from "@/lib/control/service";

export const DELETE = route({ auth: "user", params: BlockedSenderParams }, async ({ user, params }) => {
  await unblockSender(user.id, params.blockedSenderId);
  return noContent();
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods("user", "DELETE");
