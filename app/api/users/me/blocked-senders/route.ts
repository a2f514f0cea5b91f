import { json, otherMethods, route } from "@/lib/route";
import { BlockSenderInput } from "@/lib/control/schemas";
import { blockSender, listBlockedSenders } from "@/lib/control/service";

export const GET = route({ auth: "user" }, ({ user }) => listBlockedSenders(user.id));
export const POST = route({ auth: "user", body: BlockSenderInput }, async ({ user, body }) =>
  json(await blockSender(user.id, body), { status: 201 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "POST");
