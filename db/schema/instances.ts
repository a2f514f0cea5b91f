import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Attempts counted by the throttles (login, register, Google, unique address), shared by every app
 * instance on this database. The layout is rate-limiter-flexible's PostgreSQL store's, with a text key:
 * a client address and an e-mail address can together pass its default varchar(255).
 */
export const rateLimit = pgTable("rate_limit", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  /** Milliseconds since the epoch, as the store writes them. */
  expire: bigint("expire", { mode: "number" }),
});

/** Mailgun webhook tokens already used, and a digest of the post each came with, until they expire. */
export const mailgunToken = pgTable(
  "mailgun_token",
  {
    token: text("token").primaryKey(),
    digest: text("digest").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("mailgun_token_expires_at_idx").on(table.expiresAt)],
);
