import { otherMethods, route } from "@/lib/route";
import { UniqueEmailInput } from "@/lib/auth/schemas";
import { changeUniqueEmail } from "@/lib/auth/service";

export const PUT = route({ auth: "user", body: UniqueEmailInput }, ({ user, body }) => changeUniqueEmail(user, body));

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods("user", "PUT");
