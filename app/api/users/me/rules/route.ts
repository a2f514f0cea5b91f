import { json, otherMethods, route } from "@/lib/route";
import { RuleInput } from "@/lib/rules/schemas";
import { createRule, listRules } from "@/lib/rules/service";

export const GET = route({ auth: "user" }, ({ user }) => listRules(user.id));
export const POST = route({ auth: "user", body: RuleInput }, async ({ user, body }) =>
  json(await createRule(user.id, body), { status: 201 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "POST");
