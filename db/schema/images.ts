import { integer, pgSchema, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./types";

/**
 * Rows that can be thrown away and fetched again. Their own schema keeps them out of backups, which copy
 * the application's tables in `public` (lib/backup).
 */
export const cache = pgSchema("cache");

/**
 * The image proxy's cache (lib/images/cache.ts), shared by every instance on this database: the bytes a
 * remote image or font answered, by the SHA-256 of its URL. Nothing in it names a reader; the URL itself
 * is not kept. The least recently used rows go once the total passes IMAGE_CACHE_MAX_BYTES.
 */
export const imageCache = cache.table("image", {
  key: bytea("key").primaryKey(),
  /** The bytes, when the database keeps them; null when they are in the bucket under `objectKey` (lib/storage). */
  body: bytea("body"),
  /** The object in the bucket (`images/<hex of key>`); null when `body` holds the bytes. */
  objectKey: text("object_key"),
  /** `body`'s length, summed by eviction without reading the bytes. */
  size: integer("size").notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
});
