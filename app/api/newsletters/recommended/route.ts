import { jsonText, otherMethods, route } from "@/lib/route";
import { recommendedNewslettersJson } from "@/lib/newsletters/discovery-service";

export const GET = route({ auth: "user" }, async ({ user }) => jsonText(await recommendedNewslettersJson(user.id)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
