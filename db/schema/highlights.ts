import { check, index, integer, pgTable, real, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { user } from "./auth";
import { email } from "./mail";

export const HIGHLIGHT_COLORS = ["yellow", "green", "blue", "pink"] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];

/**
 * A passage a reader marked in their copy of an issue, anchored like a W3C Web Annotation text-quote selector
 * (quote with the text just before and after it), so it is found again after the body is rendered anew
 * (docs/contract.md 7.3).
 */
export const highlight = pgTable(
  "highlight",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    emailId: integer("email_id")
      .notNull()
      .references(() => email.id, { onDelete: "cascade" }),
    quote: text("quote").notNull(),
    prefix: text("prefix").notNull().default(""),
    suffix: text("suffix").notNull().default(""),
    note: text("note"),
    color: text("color", { enum: HIGHLIGHT_COLORS }).notNull().default("yellow"),
    /** Where the quote starts in the text: orders an issue's highlights in reading order. */
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("highlight_email_idx").on(table.emailId, table.position),
    index("highlight_user_idx").on(table.userId, table.createdAt),
  ],
);

/** How far a reader got in their copy of an issue: the issue page reopens there and feed cards show it. */
export const readingProgress = pgTable(
  "reading_progress",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    emailId: integer("email_id")
      .notNull()
      .references(() => email.id, { onDelete: "cascade" }),
    fraction: real("fraction").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reading_progress_email_idx").on(table.emailId),
    index("reading_progress_user_idx").on(table.userId),
    check("reading_progress_fraction_check", sql`${table.fraction} >= 0 and ${table.fraction} <= 1`),
  ],
);
