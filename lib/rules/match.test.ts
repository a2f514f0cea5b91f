import { describe, expect, it } from "vitest";
import { runRules, type ArrivingMessage, type MatchableRule } from "./match";

const message = (body = "Plain words. [a-z]+ and .* stay text."): ArrivingMessage => ({
  from: "News@Letters.Example.org",
  listId: "weekly.letters.example.org",
  newsletterId: 42,
  subject: "Weekly (Edition) 7",
  body: () => body,
});
const rule = (id: number, conditions: MatchableRule["conditions"], match: MatchableRule["match"] = "all"): MatchableRule => ({
  id,
  name: `Rule ${id}`,
  match,
  conditions,
  actions: [{ type: "mark_read" }],
});

describe("runRules", () => {
  it("compares case aside and literally, never as a pattern", () => {
    const rules = [
      rule(1, [{ field: "body", op: "contains", value: "[A-Z]+" }]),
      rule(2, [{ field: "body", op: "contains", value: "p.ain" }]),
      rule(3, [{ field: "subject", op: "equals", value: "weekly (edition) 7" }]),
      rule(4, [{ field: "sender_domain", op: "equals", value: "LETTERS.example.org" }]),
      rule(5, [{ field: "newsletter_id", op: "equals", value: "42" }]),
      rule(6, [{ field: "list_id", op: "ends_with", value: ".org" }]),
    ];
    expect(runRules(rules, message())?.ran.map((ran) => ran.id)).toEqual([1, 3, 4, 5, 6]);
  });

  it("needs every condition for 'all' and one for 'any', and gathers actions in order", () => {
    const both = {
      ...rule(1, [
        { field: "from", op: "contains", value: "news@" },
        { field: "subject", op: "contains", value: "nope" },
      ]),
    };
    const either = {
      ...both,
      id: 2,
      match: "any" as const,
      actions: [{ type: "add_to_folder" as const, folder_id: 9 }, { type: "skip_feed" as const }],
    };
    expect(runRules([both, either], message())).toEqual({
      ran: [{ id: 2, name: "Rule 1" }],
      folderIds: [9],
      markRead: false,
      favorite: false,
      skipFeed: true,
    });
    expect(runRules([], message())).toBeNull();
  });

  it("reads the body only when a condition asks for it", () => {
    let reads = 0;
    const counted = { ...message(), body: () => (reads++, "text") };
    runRules([rule(1, [{ field: "subject", op: "contains", value: "x" }])], counted);
    expect(reads).toBe(0);
    runRules(
      [rule(1, [{ field: "body", op: "contains", value: "x" }]), rule(2, [{ field: "body", op: "equals", value: "text" }])],
      counted,
    );
    expect(reads).toBe(1);
  });
});
