import { z } from "zod";
import { idParam, MAX_ID } from "@/lib/api/schemas";
import { RULE_FIELDS, RULE_OPS, type RuleAction, type RuleCondition } from "@/db/schema/rules";

/** Sane bounds: a rule is a few conditions a person writes, never a dump of a list. */
export const MAX_RULES = 100;
const MAX_CONDITIONS = 50;
const MAX_VALUE_LENGTH = 500;

// A string checked against the list, not z.enum: the contract answers an unknown field or op 422, not 400.
const oneOf = <T extends readonly string[]>(values: T, name: string) =>
  z
    .string({ error: `${name} must be one of ${values.join(", ")}.` })
    .refine((value): value is T[number] => (values as readonly string[]).includes(value), `${name} must be one of ${values.join(", ")}.`);

const RuleConditionInput = z.object({
  field: oneOf(RULE_FIELDS, "field"),
  op: oneOf(RULE_OPS, "op"),
  // Taken literally, case aside: a value that looks like a pattern is plain text (lib/rules/match.ts).
  value: z
    .string({ error: "A condition needs a value." })
    .min(1, "A condition needs a value.")
    .max(MAX_VALUE_LENGTH, `A condition's value must be at most ${MAX_VALUE_LENGTH} characters long.`),
}) satisfies z.ZodType<RuleCondition>;

const RuleActionInput = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("add_to_folder"),
      folder_id: z
        .number({ error: "add_to_folder needs a folder_id." })
        .int("folder_id must be a folder id.")
        .min(1, "folder_id must be a folder id.")
        .max(MAX_ID, "folder_id must be a folder id."),
    }),
    z.object({ type: z.literal("mark_read") }),
    z.object({ type: z.literal("favorite") }),
    z.object({ type: z.literal("skip_feed") }),
  ],
  { error: "An action's type must be one of add_to_folder, mark_read, favorite, skip_feed." },
) satisfies z.ZodType<RuleAction>;

const name = z
  .string({ error: "Name cannot be empty." })
  .trim()
  .min(1, "Name cannot be empty.")
  .max(100, "Name must be at most 100 characters long.");
const match = z.enum(["all", "any"]);
const conditions = z
  .array(RuleConditionInput, "conditions must be a list of conditions.")
  .min(1, "A rule needs at least one condition.")
  .max(MAX_CONDITIONS, `A rule can have at most ${MAX_CONDITIONS} conditions.`);
const actions = z
  .array(RuleActionInput, "actions must be a list of actions.")
  .min(1, "A rule needs at least one action.")
  .max(10, "A rule can have at most 10 actions.");

export const RuleInput = z.object({ name, enabled: z.boolean().default(true), match: match.default("all"), conditions, actions });
export type RuleInput = z.infer<typeof RuleInput>;

export const RulePatch = z.object({
  name: name.optional(),
  enabled: z.boolean().optional(),
  /** The rule's place in the reader's order, from 0; the others move to make room. */
  position: z.number().int("position must be a whole number.").min(0, "position must be at least 0.").max(MAX_RULES).optional(),
  match: match.optional(),
  conditions: conditions.optional(),
  actions: actions.optional(),
});
export type RulePatch = z.infer<typeof RulePatch>;

/** What the editor previews: how much of the reader's mail these conditions match, before saving. */
export const RulePreviewInput = z.object({ match: match.default("all"), conditions });
export type RulePreviewInput = z.infer<typeof RulePreviewInput>;

export const RuleParams = z.object({ ruleId: idParam });
