import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { dataPath, env } from "@/lib/env";

// The hottest images are served from memory; the disk holds the rest, up to IMAGE_CACHE_MAX_BYTES.
const memory = new LRUCache<string, Buffer>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (body) => Math.max(1, body.length) });

/** Files on disk by name, least recently used first (a Map keeps insertion order), with their sizes. */
let index: Promise<Map<string, number>> | undefined;
let totalBytes = 0;

export function cacheKey(url: string): string {
  return createHash("sha256").update(url).digest("hex");
}

function directory(): string {
  return dataPath("image-cache");
}

function fileOf(key: string): string {
  return path.join(directory(), key.slice(0, 2), key);
}

/** What an earlier run left on disk, oldest first, so eviction after a restart still goes by use. */
async function loadIndex(): Promise<Map<string, number>> {
  const files: { key: string; size: number; used: number }[] = [];
  const shards = await readdir(directory()).catch(() => [] as string[]);
  for (const shard of shards) {
    const names = await readdir(path.join(directory(), shard)).catch(() => [] as string[]);
    for (const name of names) {
      if (!/^[0-9a-f]{64}$/.test(name)) continue;
      const info = await stat(path.join(directory(), shard, name)).catch(() => null);
      if (info) files.push({ key: name, size: info.size, used: info.mtimeMs });
    }
  }
  files.sort((a, b) => a.used - b.used);
  totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  return new Map(files.map((file) => [file.key, file.size]));
}

function knownFiles(): Promise<Map<string, number>> {
  index ??= loadIndex();
  return index;
}

/** The cached bytes of an image, or null. */
export async function readCachedImage(key: string): Promise<Buffer | null> {
  const hot = memory.get(key);
  if (hot) return hot;
  const body = await readFile(fileOf(key)).catch(() => null);
  if (!body) return null;
  memory.set(key, body);
  const files = await knownFiles();
  files.delete(key);
  files.set(key, body.length);
  return body;
}

/** Keeps an image; written aside and renamed, so another instance sharing DATA_DIR never reads half a file. */
export async function storeCachedImage(key: string, body: Buffer): Promise<void> {
  memory.set(key, body);
  const file = fileOf(key);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(6).toString("hex")}.part`;
  await writeFile(partial, body);
  await rename(partial, file);
  const files = await knownFiles();
  totalBytes += body.length - (files.get(key) ?? 0);
  files.delete(key);
  files.set(key, body.length);
  await evict(files);
}

/** Removes the least recently used files until the cache is back under 90% of its bound. */
async function evict(files: Map<string, number>): Promise<void> {
  if (totalBytes <= env.IMAGE_CACHE_MAX_BYTES) return;
  const target = env.IMAGE_CACHE_MAX_BYTES * 0.9;
  for (const [key, size] of files) {
    if (totalBytes <= target) break;
    files.delete(key);
    memory.delete(key);
    totalBytes -= size;
    await unlink(fileOf(key)).catch(() => undefined);
  }
}
