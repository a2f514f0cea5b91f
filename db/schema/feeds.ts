import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A reader's private feed address. Only the token's random half is kept: the token is that half plus
 * its HMAC under AUTH_SECRET, so the URLs can still be shown to the reader, yet this table alone
 * (a leaked backup) opens no feed. Rotating replaces the row.
 */
export const feedToken = pgTable("feed_token", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  nonce: text("nonce").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
