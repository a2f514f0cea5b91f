import type { RuleAction, RuleCondition } from "@/db/schema/rules";

/** What a rule reads of a message as it is filed; the body is read (and lower-cased) only when a condition asks. */
export type ArrivingMessage = {
  from: string | null;
  listId: string | null;
  newsletterId: number;
  subject: string;
  body: () => string;
};

export type MatchableRule = { id: number; name: string; match: "all" | "any"; conditions: RuleCondition[]; actions: RuleAction[] };

/** A message's fields as a rule compares them: lower-case, computed once per message whatever the number of rules. */
type Fields = { [field in RuleCondition["field"]]: () => string };

function fieldsOf(message: ArrivingMessage): Fields {
  const cache = new Map<RuleCondition["field"], string>();
  const once = (field: RuleCondition["field"], read: () => string) => () => {
    let value = cache.get(field);
    if (value === undefined) cache.set(field, (value = read().toLowerCase()));
    return value;
  };
  const from = message.from ?? "";
  return {
    from: once("from", () => from),
    sender_domain: once("sender_domain", () => from.slice(from.lastIndexOf("@") + 1)),
    list_id: once("list_id", () => message.listId ?? ""),
    newsletter_id: once("newsletter_id", () => String(message.newsletterId)),
    subject: once("subject", () => message.subject),
    body: once("body", message.body),
  };
}

/** Plain string comparison, never a pattern: a value like `.*` or `[a-z]` means those characters. */
function holds(condition: RuleCondition, fields: Fields): boolean {
  const actual = fields[condition.field]();
  const value = condition.value.toLowerCase();
  if (condition.op === "equals") return actual === value;
  if (condition.op === "ends_with") return actual.endsWith(value);
  return actual.includes(value);
}

function ruleMatches(rule: Pick<MatchableRule, "match" | "conditions">, fields: Fields): boolean {
  return rule.match === "all"
    ? rule.conditions.every((condition) => holds(condition, fields))
    : rule.conditions.some((condition) => holds(condition, fields));
}

/** What the reader's rules do to one arriving message: every matching rule's actions, in the rules' order. */
export type RuleOutcome = {
  ran: { id: number; name: string }[];
  folderIds: number[];
  markRead: boolean;
  favorite: boolean;
  skipFeed: boolean;
};

export function runRules(rules: MatchableRule[], message: ArrivingMessage): RuleOutcome | null {
  if (rules.length === 0) return null;
  const fields = fieldsOf(message);
  const outcome: RuleOutcome = { ran: [], folderIds: [], markRead: false, favorite: false, skipFeed: false };
  for (const rule of rules) {
    if (!ruleMatches(rule, fields)) continue;
    outcome.ran.push({ id: rule.id, name: rule.name });
    for (const action of rule.actions) {
      if (action.type === "add_to_folder") {
        if (!outcome.folderIds.includes(action.folder_id)) outcome.folderIds.push(action.folder_id);
      } else if (action.type === "mark_read") outcome.markRead = true;
      else if (action.type === "favorite") outcome.favorite = true;
      else outcome.skipFeed = true;
    }
  }
  return outcome.ran.length > 0 ? outcome : null;
}
