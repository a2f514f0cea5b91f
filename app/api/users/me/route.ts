import { deleteAccount } from "@/lib/account/service";
import { DeleteAccountInput } from "@/lib/account/schemas";
import { noContent, otherMethods, route } from "@/lib/route";
import { UpdateMeInput } from "@/lib/auth/schemas";
import { describeUser, updateMe } from "@/lib/auth/service";

export const GET = route({ auth: "user" }, ({ user }) => describeUser(user));
export const PATCH = route({ auth: "user", body: UpdateMeInput }, ({ user, body }) => updateMe(user, body));
export const DELETE = route({ auth: "session", body: DeleteAccountInput }, async ({ user, body, request }) => {
  await deleteAccount(user, body, request.headers);
  return noContent();
});

export const { POST, PUT, OPTIONS } = otherMethods("user", "GET", "PATCH", "DELETE");
