import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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

/** A reader's digest settings (docs/contract.md 7.4); no row means `off`. */
export const digestSetting = pgTable("digest_setting", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  frequency: text("frequency", { enum: ["off", "daily", "weekly"] })
    .notNull()
    .default("off"),
  /** Local hour 0-23 in `timezone`. */
  hour: integer("hour").notNull().default(7),
  /** 0-6, Sunday 0; read for weekly digests. */
  weekday: integer("weekday").notNull().default(1),
  /** An IANA time zone name. */
  timezone: text("timezone").notNull().default("UTC"),
  /** Emails filed after this instant go into the next digest. */
  coveredUntil: timestamp("covered_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** One digest per reader and period: the unique key is what makes it exactly once across instances. */
export const digestSend = pgTable(
  "digest_send",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** `daily:2026-11-27`, `weekly:2026-11-23`, or `now:<uuid>` for "Send me one now". */
    period: text("period").notNull(),
    emailCount: integer("email_count").notNull().default(0),
    status: text("status", { enum: ["queued", "sent", "empty"] })
      .notNull()
      .default("queued"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("digest_send_user_period_idx").on(table.userId, table.period)],
);

/** Reader settings of the screener (docs/contract.md 7.4 / issue 30); no row means off. */
export const screenerSetting = pgTable("screener_setting", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** A sender seen by a reader's screener: `pending` waits in the Screener list, then `allowed` or `denied`. */
export const screenedSender = pgTable(
  "screened_sender",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Lower-case address. */
    sender: text("sender").notNull(),
    status: text("status", { enum: ["pending", "allowed", "denied"] }).notNull(),
    /** Messages held while pending: `[inbound message id]`, filed on allow. */
    held: jsonb("held").$type<number[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.sender] }),
    index("screened_sender_user_status_idx").on(table.userId, table.status),
  ],
);
