import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const RULE_FIELDS = ["from", "sender_domain", "list_id", "newsletter_id", "subject", "body"] as const;
export const RULE_OPS = ["contains", "equals", "ends_with"] as const;
export type RuleCondition = { field: (typeof RULE_FIELDS)[number]; op: (typeof RULE_OPS)[number]; value: string };
export type RuleAction =
  { type: "add_to_folder"; folder_id: number } | { type: "mark_read" } | { type: "favorite" } | { type: "skip_feed" };

/** A reader's rule, run in `position` order on every message as it is filed (docs/contract.md 7.4). */
export const rule = pgTable(
  "rule",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    position: integer("position").notNull(),
    match: text("match", { enum: ["all", "any"] }).notNull(),
    conditions: jsonb("conditions").$type<RuleCondition[]>().notNull(),
    actions: jsonb("actions").$type<RuleAction[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [index("rule_user_position_idx").on(table.userId, table.position)],
);
