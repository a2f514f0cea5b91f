import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { imageCache } from "@/db/schema";

/** The cached image under `key` (the SHA-256 of a URL): its bytes, or the bucket's object that holds them; undefined when none. */
export async function findCachedImage(key: Buffer): Promise<{ body: Buffer | null; objectKey: string | null } | undefined> {
  const [row] = await getDb()
    .select({ body: imageCache.body, objectKey: imageCache.objectKey })
    .from(imageCache)
    .where(eq(imageCache.key, key));
  return row;
}

/**
 * Keeps the image under `key`, its bytes in the row or (with a bucket) as `objectKey`; a row already there
 * (another instance fetched the same URL) stays as it is.
 */
export async function insertCachedImage(key: Buffer, kept: { body: Buffer | null; objectKey: string | null; size: number }): Promise<void> {
  await getDb()
    .insert(imageCache)
    .values({ key, ...kept })
    .onConflictDoNothing();
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
export async function deleteLeastRecentlyUsedImages(maxBytes: number, keepBytes: number): Promise<{ count: number; objectKeys: string[] }> {
  const result = (await getDb().execute(sql`
    DELETE FROM ${imageCache} WHERE key IN (
      SELECT key FROM (
        SELECT key, sum(size) OVER (ORDER BY used_at DESC, key) AS kept, sum(size) OVER () AS total FROM ${imageCache}
      ) ranked
      WHERE total > ${maxBytes} AND kept > ${keepBytes}
    )
    RETURNING object_key`)) as unknown as { rows: { object_key: string | null }[] };
  return { count: result.rows.length, objectKeys: result.rows.flatMap((row) => (row.object_key ? [row.object_key] : [])) };
}
