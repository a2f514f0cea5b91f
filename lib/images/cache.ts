import "server-only";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { env } from "@/lib/env";
import { describeError, logger } from "@/lib/observability/log";
import { objectStore } from "@/lib/storage/store";
import { deleteLeastRecentlyUsedImages, findCachedImage, insertCachedImage, updateCachedImagesUsed } from "./repo";

// The image proxy's cache lives in PostgreSQL (cache.image), shared by every instance and kept across restarts;
// with a bucket (lib/storage), the row keeps the object's key, size and last use, and the bucket the bytes.
// The hottest images are also served from this process's memory: the bytes at a URL are kept for good (the proxy
// answers `immutable`), so a copy here can only outlive the row eviction took, which is harmless.
const memory = new LRUCache<string, Buffer>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (body) => Math.max(1, body.length) });

// Uses are written a batch at a time, not per request: once a minute, and before eviction reads them.
const TOUCH_EVERY_MS = 60_000;
const TOUCH_BATCH = 1_000;
const touched = new Set<string>();
let touchTimer: NodeJS.Timeout | undefined;

// Eviction runs on insert, once this process has stored a sixteenth of the bound since it last ran (so the
// total may pass the bound by that much per instance), and on its first insert, not knowing the total yet.
let storedSinceEviction = Number.POSITIVE_INFINITY;
let evicting: Promise<void> | undefined;

/** The bucket's object for the image under `key`. */
function objectKeyOf(key: string): string {
  return `images/${key}`;
}

async function readStored(key: string): Promise<Buffer | null> {
  const row = await findCachedImage(Buffer.from(key, "hex"));
  if (!row) return null;
  if (row.body) return row.body;
  // An object gone from the bucket is a miss: the image is fetched again.
  return row.objectKey ? (await objectStore()).get(row.objectKey) : null;
}

export function cacheKey(url: string): string {
  return createHash("sha256").update(url).digest("hex");
}

function warn(error: unknown, message: string): void {
  logger.warn({ error: describeError(error) }, message);
}

function touch(key: string): void {
  touched.add(key);
  if (touched.size >= TOUCH_BATCH) void writeUses();
  else touchTimer ??= setTimeout(() => void writeUses(), TOUCH_EVERY_MS).unref();
}

async function writeUses(): Promise<void> {
  clearTimeout(touchTimer);
  touchTimer = undefined;
  const keys = [...touched].map((key) => Buffer.from(key, "hex"));
  touched.clear();
  await updateCachedImagesUsed(keys).catch((error: unknown) => warn(error, "Image cache uses not written"));
}

/** The cached bytes of an image, or null; a database that does not answer is a miss, never an error. */
export async function readCachedImage(key: string): Promise<Buffer | null> {
  const hot = memory.get(key);
  if (hot) {
    touch(key);
    return hot;
  }
  const body = await readStored(key).catch((error: unknown) => {
    warn(error, "Image cache not read");
    return null;
  });
  if (!body) return null;
  memory.set(key, body);
  touch(key);
  return body;
}

/**
 * Keeps an image for every instance: one larger than IMAGE_CACHE_MAX_ENTRY_BYTES only in memory, so a few
 * large ones cannot push out many small ones. A failed write is logged; the image is served all the same.
 */
export async function storeCachedImage(key: string, body: Buffer): Promise<void> {
  memory.set(key, body);
  if (body.length > Math.min(env.IMAGE_CACHE_MAX_ENTRY_BYTES, env.IMAGE_CACHE_MAX_BYTES)) return;
  try {
    const store = await objectStore();
    if (store.kind === "database") await insertCachedImage(Buffer.from(key, "hex"), { body, objectKey: null, size: body.length });
    else {
      // The object first: a row never names bytes that are not there.
      await store.put(objectKeyOf(key), body);
      await insertCachedImage(Buffer.from(key, "hex"), { body: null, objectKey: objectKeyOf(key), size: body.length });
    }
  } catch (error) {
    warn(error, "Image cache not written");
    return;
  }
  storedSinceEviction += body.length;
  if (storedSinceEviction >= env.IMAGE_CACHE_MAX_BYTES / 16) await evictCachedImages();
}

/** Deletes the least recently used rows, when the cache passed IMAGE_CACHE_MAX_BYTES, until it is under 90% of it. */
function evictCachedImages(): Promise<void> {
  evicting ??= (async () => {
    storedSinceEviction = 0;
    await writeUses();
    const { objectKeys } = await deleteLeastRecentlyUsedImages(env.IMAGE_CACHE_MAX_BYTES, Math.floor(env.IMAGE_CACHE_MAX_BYTES * 0.9));
    // An object left behind by a failed delete is named by no row: `storage verify` lists it.
    if (objectKeys.length > 0) {
      const store = await objectStore();
      for (const objectKey of objectKeys) await store.delete(objectKey);
    }
  })()
    .catch((error: unknown) => warn(error, "Image cache not evicted"))
    .finally(() => (evicting = undefined));
  return evicting;
}
