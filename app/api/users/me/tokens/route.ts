import { json, otherMethods, route } from "@/lib/route";
import { CreateTokenInput } from "@/lib/tokens/schemas";
import { createToken, listTokens } from "@/lib/tokens/service";

// A token cannot list or make tokens: only a signed-in reader can.
export const GET = route({ auth: "session" }, ({ user }) => listTokens(user.id));
export const POST = route({ auth: "session", body: CreateTokenInput }, async ({ user, body }) =>
  json(await createToken(user.id, body), { status: 201 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("session", "GET", "POST");
