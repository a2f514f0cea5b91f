import { noContent, otherMethods, route } from "@/lib/route";
import { MailboxParams, UpdateMailboxInput } from "@/lib/mailboxes/schemas";
import { changeMailbox, disconnectMailbox } from "@/lib/mailboxes/service";

export const PATCH = route({ auth: "user", params: MailboxParams, body: UpdateMailboxInput }, ({ user, params, body }) =>
  changeMailbox(user.id, params.mailboxId, body),
);
export const DELETE = route({ auth: "user", params: MailboxParams }, async ({ user, params }) => {
  await disconnectMailbox(user.id, params.mailboxId);
  return noContent();
});

export const { GET, POST, PUT, OPTIONS } = otherMethods("user", "PATCH", "DELETE");
