import { otherMethods, route } from "@/lib/route";
import { PersonalMailInput } from "@/lib/passthrough/schemas";
import { getPersonalMail, savePersonalMail } from "@/lib/passthrough/settings";

export const GET = route({ auth: "user" }, ({ user }) => getPersonalMail(user.id));
export const PUT = route({ auth: "user", body: PersonalMailInput }, ({ user, body }) => savePersonalMail(user.id, body));

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "PUT");
