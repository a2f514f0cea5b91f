import { otherMethods, route } from "@/lib/api/route";
import { UpdateMeInput } from "@/lib/auth/schemas";
import { describeUser, updateMe } from "@/lib/auth/service";

export const GET = route({ auth: "user" }, ({ user }) => describeUser(user));
export const PATCH = route({ auth: "user", body: UpdateMeInput }, ({ user, body }) => updateMe(user, body));

export const { POST, PUT, DELETE, OPTIONS } = otherMethods("user", "GET", "PATCH");
