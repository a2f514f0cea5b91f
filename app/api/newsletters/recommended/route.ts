import { jsonText, route } from "@/lib/api/route";
import { recommendedNewslettersJson } from "@/lib/newsletters/discovery-service";

export const GET = route({ auth: "user" }, async ({ user }) => jsonText(await recommendedNewslettersJson(user.id)));
