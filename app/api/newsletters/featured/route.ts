import { jsonText, otherMethods, route } from "@/lib/route";
import { featuredNewslettersJson } from "@/lib/newsletters/discovery-service";

export const GET = route({ auth: "user" }, async () => jsonText(await featuredNewslettersJson()));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
