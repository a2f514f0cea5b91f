import { KindleInput } from "@/lib/kindle/schemas";
import { getKindle, setKindle } from "@/lib/kindle/service";
import { otherMethods, route } from "@/lib/route";

export const GET = route({ auth: "user" }, ({ user }) => getKindle(user.id));

export const PUT = route({ auth: "user", body: KindleInput }, ({ user, body }) => setKindle(user.id, body));

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "PUT");
