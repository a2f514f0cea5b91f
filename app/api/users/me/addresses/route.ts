import { json, otherMethods, route } from "@/lib/route";
import { CreateAddressInput } from "@/lib/addresses/schemas";
import { createAddress, listAddresses } from "@/lib/addresses/service";

export const GET = route({ auth: "user" }, ({ user }) => listAddresses(user.id));
export const POST = route({ auth: "user", body: CreateAddressInput }, async ({ user, body }) =>
  json(await createAddress(user, body), { status: 201 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "POST");
