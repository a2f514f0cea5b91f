import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./types";

/**
 * The object store's database backend (lib/storage/database-store.ts): objects by key, for what has no
 * column of its own, when no bucket is configured.
 */
export const storedObject = pgTable("stored_object", {
  key: text("key").primaryKey(),
  body: bytea("body").notNull(),
  size: integer("size").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
