import { json, otherMethods, route } from "@/lib/route";
import { MailboxParams } from "@/lib/mailboxes/schemas";
import { syncMailboxNow } from "@/lib/mailboxes/service";

export const POST = route({ auth: "user", params: MailboxParams }, async ({ user, params }) =>
  json(await syncMailboxNow(user.id, params.mailboxId), { status: 202 }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
