import { boolean, date, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** A reader who turned on "Summaries" (docs/contract.md 8.4); no row means off. */
export const summarySetting = pgTable("summary_setting", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** How many summaries the model wrote for a reader on one UTC day: the daily cap counts here, across instances. */
export const summaryUsage = pgTable(
  "summary_usage",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
