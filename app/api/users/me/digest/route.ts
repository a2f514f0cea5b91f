import { otherMethods, route } from "@/lib/route";
import { DigestSettingsInput } from "@/lib/digest/schemas";
import { getDigestSettings, saveDigestSettings } from "@/lib/digest/service";

export const GET = route({ auth: "user" }, ({ user }) => getDigestSettings(user.id));
export const PUT = route({ auth: "user", body: DigestSettingsInput }, ({ user, body }) => saveDigestSettings(user.id, body));

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "PUT");
