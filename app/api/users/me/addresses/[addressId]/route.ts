import { noContent, otherMethods, route } from "@/lib/route";
import { AddressParams, UpdateAddressInput } from "@/lib/addresses/schemas";
import { deleteAddress, updateAddress } from "@/lib/addresses/service";

export const PATCH = route({ auth: "user", params: AddressParams, body: UpdateAddressInput }, ({ user, params, body }) =>
  updateAddress(user.id, params.addressId, body),
);
export const DELETE = route({ auth: "user", params: AddressParams }, async ({ user, params }) => {
  await deleteAddress(user.id, params.addressId);
  return noContent();
});

export const { GET, POST, PUT, OPTIONS } = otherMethods("user", "PATCH", "DELETE");
