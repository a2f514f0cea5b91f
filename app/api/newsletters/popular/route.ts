import { jsonText, otherMethods, route } from "@/lib/route";
import { popularNewslettersJson } from "@/lib/newsletters/discovery-service";

export const GET = route({ auth: "user" }, async () => jsonText(await popularNewslettersJson()));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
