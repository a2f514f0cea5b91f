import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** An address (`news@example.com`) or a whole domain (`@example.com`) whose mail is never filed for the reader. */
export const blockedSender = pgTable(
  "blocked_sender",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Lower case: how filing looks a sender up. */
    sender: text("sender").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("blocked_sender_user_sender_idx").on(table.userId, table.sender)],
);
