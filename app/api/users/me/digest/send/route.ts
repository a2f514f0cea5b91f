import { json, otherMethods, route } from "@/lib/route";
import { sendDigestNow } from "@/lib/digest/service";

export const POST = route({ auth: "user" }, async ({ user }) => json(await sendDigestNow(user.id), { status: 202 }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
