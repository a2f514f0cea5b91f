import { json, otherMethods, route } from "@/lib/route";
import { CreateMailboxInput } from "@/lib/mailboxes/schemas";
import { connectMailbox, listMailboxes } from "@/lib/mailboxes/service";

export const GET = route({ auth: "user" }, ({ user }) => listMailboxes(user.id));
export const POST = route({ auth: "user", body: CreateMailboxInput }, async ({ user, body }) =>
  json(await connectMailbox(user.id, body), { status: 201 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "POST");
