import { jsonText, otherMethods, route } from "@/lib/route";
import { categoryNewslettersJson } from "@/lib/newsletters/discovery-service";
import { CategoryParams } from "@/lib/newsletters/schemas";

export const GET = route({ auth: "user", params: CategoryParams }, async ({ params }) =>
  jsonText(await categoryNewslettersJson(params.categoryId)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
