import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

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
