import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { email } from "./mail";

/** The address a reader's e-reader takes mail at (docs/contract.md 8.3): one per reader. */
export const kindleAddress = pgTable("kindle_address", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  address: text("address").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One book mailed to the reader's e-reader, as Settings lists it; a test send has no email. */
export const kindleSend = pgTable(
  "kindle_send",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    emailId: integer("email_id").references(() => email.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    /** Why the last attempt failed, in words fit for the reader (never the relay's answer, which may quote the address). */
    detail: text("detail"),
    attempts: integer("attempts").notNull().default(0),
    bytes: integer("bytes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [index("kindle_send_user_idx").on(table.userId, table.createdAt)],
);
