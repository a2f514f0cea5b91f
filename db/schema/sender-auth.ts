import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { newsletter } from "./newsletters";

/**
 * A reader's own private newsletter for mail whose sender did not prove its domain (docs/contract.md 7.2): one
 * per reader and sender identity (List-Id, address, name), never found by another reader's filing, never
 * public. The newsletter row itself has no List-Id, sender address or domain, so no other mail matches it.
 */
export const privateNewsletter = pgTable(
  "private_newsletter",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    identityKey: text("identity_key").notNull(),
    newsletterId: integer("newsletter_id")
      .notNull()
      .references(() => newsletter.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.identityKey] })],
);
