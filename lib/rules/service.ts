import "server-only";
import { ConflictError, NotFoundError } from "@/lib/api/errors";
import type { RuleAction } from "@/db/schema/rules";
import {
  applyToExisting,
  countMatching,
  deleteRule,
  findOwnFolderIds,
  findRule,
  findRules,
  insertRule,
  updateRule,
  type RuleRow,
} from "./repo";
import { MAX_RULES, type RuleInput, type RulePatch, type RulePreviewInput } from "./schemas";

export type { RuleAction, RuleCondition } from "@/db/schema/rules";
export type RuleDto = Pick<RuleRow, "id" | "name" | "enabled" | "position" | "match" | "conditions" | "actions">;

const toRuleDto = (row: RuleRow): RuleDto => ({
  id: row.id,
  name: row.name,
  enabled: row.enabled,
  position: row.position,
  match: row.match,
  conditions: row.conditions,
  actions: row.actions,
});

/** Another reader's folder is not found, as any of their rows: nothing says it exists. */
async function checkFolders(userId: number, actions: RuleAction[] | undefined): Promise<void> {
  const wanted = (actions ?? []).flatMap((action) => (action.type === "add_to_folder" ? [action.folder_id] : []));
  const own = await findOwnFolderIds(userId, wanted);
  if (wanted.some((id) => !own.has(id))) throw new NotFoundError("Folder not found");
}

export async function listRules(userId: number) {
  return { items: (await findRules(userId)).map(toRuleDto) };
}

export async function createRule(userId: number, input: RuleInput): Promise<RuleDto> {
  await checkFolders(userId, input.actions);
  const row = await insertRule(userId, input, MAX_RULES);
  if (!row) throw new ConflictError(`You can keep at most ${MAX_RULES} rules. Delete one you no longer use.`);
  return toRuleDto(row);
}

export async function changeRule(userId: number, id: number, patch: RulePatch): Promise<RuleDto> {
  const { position, ...values } = patch;
  if (!(await findRule(userId, id))) throw new NotFoundError("Rule not found");
  await checkFolders(userId, values.actions);
  const row = await updateRule(userId, id, values, position);
  if (!row) throw new NotFoundError("Rule not found");
  return toRuleDto(row);
}

export async function removeRule(userId: number, id: number): Promise<void> {
  if (!(await deleteRule(userId, id))) throw new NotFoundError("Rule not found");
}

/** "Apply to existing mail": the rule's actions on the reader's mail already there, enabled or not. */
export async function applyRule(userId: number, id: number): Promise<{ matched: number; changed: number }> {
  const row = await findRule(userId, id);
  if (!row) throw new NotFoundError("Rule not found");
  return applyToExisting(userId, row);
}

/** The editor's preview: how many of the reader's emails the conditions match, nothing changed. */
export async function previewRule(userId: number, input: RulePreviewInput): Promise<{ matched: number }> {
  return { matched: await countMatching(userId, input) };
}
