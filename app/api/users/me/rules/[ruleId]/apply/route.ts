import { otherMethods, route } from "@/lib/route";
import { RuleParams } from "@/lib/rules/schemas";
import { applyRule } from "@/lib/rules/service";

export const POST = route({ auth: "user", params: RuleParams }, ({ user, params }) => applyRule(user.id, params.ruleId));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
