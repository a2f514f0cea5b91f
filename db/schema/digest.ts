import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

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
