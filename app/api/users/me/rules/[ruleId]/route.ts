import { noContent, otherMethods, route } from "@/lib/route";
import { RuleParams, RulePatch } from "@/lib/rules/schemas";
import { changeRule, removeRule } from "@/lib/rules/service";

export const PATCH = route({ auth: "user", params: RuleParams, body: RulePatch }, ({ user, params, body }) =>
  changeRule(user.id, params.ruleId, body),
);
export const DELETE = route({ auth: "user", params: RuleParams }, async ({ user, params }) => {
  await removeRule(user.id, params.ruleId);
  return noContent();
});

export const { GET, POST, PUT, OPTIONS } = otherMethods("user", "PATCH", "DELETE");
