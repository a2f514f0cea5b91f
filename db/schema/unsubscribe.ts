import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { newsletter } from "./newsletters";

/**
 * How each reader can leave each newsletter: the List-Unsubscribe and List-Unsubscribe-Post of the
 * latest mail that reached that reader alone. Personal (the links carry the reader's token), so no
 * shared edition, share page or other reader ever reads it.
 */
export const unsubscribeRoute = pgTable(
  "unsubscribe_route",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    newsletterId: integer("newsletter_id")
      .notNull()
      .references(() => newsletter.id, { onDelete: "cascade" }),
    listUnsubscribe: text("list_unsubscribe").notNull(),
    listUnsubscribePost: text("list_unsubscribe_post"),
    /** Arrival of the mail the headers came from: only a later one replaces them. */
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
    /** When a real unsubscribe last went out (sent, or the page handed to the reader). */
    leftAt: timestamp("left_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.newsletterId] })],
);
