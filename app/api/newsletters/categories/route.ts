import { jsonText, otherMethods, route } from "@/lib/route";
import { categoriesJson } from "@/lib/newsletters/discovery-service";

export const GET = route({ auth: "user" }, async () => jsonText(await categoriesJson()));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
