import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { imageCache } from "@/db/schema";

/** The cached bytes under `key` (the SHA-256 of a URL), or null. */
export async function findCachedImage(key: Buffer): Promise<Buffer | null> {
  const [row] = await getDb().select({ body: imageCache.body }).from(imageCache).where(eq(imageCache.key, key));
  return row?.body ?? null;
}

/** Keeps `body` under `key`; a row already there (another instance fetched the same URL) stays as it is. */
export async function insertCachedImage(key: Buffer, body: Buffer): Promise<void> {
  await getDb().insert(imageCache).values({ key, body, size: body.length }).onConflictDoNothing();
}

/** Marks these rows used now, for eviction's order. */
export async function updateCachedImagesUsed(keys: Buffer[]): Promise<void> {
  if (keys.length === 0) return;
  await getDb()
    .update(imageCache)
    .set({ usedAt: sql`now()` })
    .where(inArray(imageCache.key, keys));
}

/**
 * When the rows pass `maxBytes` in all, deletes the least recently used until what is left fits in
 * `keepBytes`, in one statement; answers how many went. Two instances doing it at once only delete the same rows.
 */
export async function deleteLeastRecentlyUsedImages(maxBytes: number, keepBytes: number): Promise<number> {
  const result = (await getDb().execute(sql`
    DELETE FROM ${imageCache} WHERE key IN (
      SELECT key FROM (
        SELECT key, sum(size) OVER (ORDER BY used_at DESC, key) AS kept, sum(size) OVER () AS total FROM ${imageCache}
      ) ranked
      WHERE total > ${maxBytes} AND kept > ${keepBytes}
    )`)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}
