import { sendKindleTest } from "@/lib/kindle/service";
import { json, otherMethods, route } from "@/lib/route";

export const POST = route({ auth: "user" }, async ({ user }) => json(await sendKindleTest(user.id), { status: 202 }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
