import { otherMethods, route } from "@/lib/route";
import { RulePreviewInput } from "@/lib/rules/schemas";
import { previewRule } from "@/lib/rules/service";

export const POST = route({ auth: "user", body: RulePreviewInput }, ({ user, body }) => previewRule(user.id, body));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
