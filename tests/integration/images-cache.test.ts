import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useDatabase } from "../support/api";
import { startBucket } from "../support/bucket";
import { startLocalServer, type LocalServer } from "../support/local-server";

// The image proxy's cache is the database's, shared by every instance (docs/contract.md 6.4). This file has a
// database of its own: eviction works on the whole cache, which the other suites share.
const base = process.env.DATABASE_URL;
const database = `paperboy_images_cache_${process.pid}_${Math.floor(Math.random() * 1e6)}`;

async function admin(statement: string): Promise<void> {
  const client = new Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const fault = vi.hoisted(() => ({ read: false, write: false, evict: false }));

vi.mock("@/lib/images/repo", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/images/repo")>();
  const failing = (what: keyof typeof fault) => {
    if (fault[what]) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
  };
  return {
    ...actual,
    findCachedImage: async (key: Buffer) => (failing("read"), actual.findCachedImage(key)),
    insertCachedImage: async (key: Buffer, kept: Parameters<typeof actual.insertCachedImage>[1]) => (
      failing("write"),
      actual.insertCachedImage(key, kept)
    ),
    deleteLeastRecentlyUsedImages: async (max: number, keep: number) => (failing("evict"), actual.deleteLeastRecentlyUsedImages(max, keep)),
  };
});

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer((_, res) => {
    res.writeHead(200, { "content-type": "image/png" });
    res.end(PNG);
  });
  // Read by each instance below as it loads its configuration.
  process.env.FETCH_ALLOW_HOSTS = server.hostPort;
  if (!base) return;
  await admin(`CREATE DATABASE "${database}"`);
  const url = new URL(base);
  url.pathname = `/${database}`;
  process.env.DATABASE_URL = url.toString();
});
useDatabase();
afterAll(async () => {
  await server.close();
  if (!base) return;
  const { closeDb } = await import("@/db/client");
  await closeDb();
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
});
afterEach(() => {
  delete process.env.IMAGE_CACHE_MAX_BYTES;
  delete process.env.IMAGE_CACHE_MAX_ENTRY_BYTES;
  for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) delete process.env[name];
  Object.assign(fault, { read: false, write: false, evict: false });
  vi.restoreAllMocks();
});

type Proxy = { get: (url: string) => Promise<{ status: number; type: string | null; cacheControl: string | null; body: Buffer }> };

/**
 * Another app instance on the same database: the modules loaded afresh, with nothing in memory and the
 * configuration read again from the environment (`settings` set first).
 */
async function instance(settings: Record<string, string> = {}): Promise<Proxy> {
  Object.assign(process.env, settings);
  vi.resetModules();
  const { GET } = await import("@/app/img/[signature]/[encoded]/route");
  const { proxiedImagePath } = await import("@/lib/images/sign");
  return {
    get: async (url) => {
      const pathname = proxiedImagePath(url);
      const [, , signature, encoded] = pathname.split("/");
      const response = await GET(new Request(new URL(pathname, process.env.APP_URL)), {
        params: Promise.resolve({ signature: signature!, encoded: encoded! }),
      });
      return {
        status: response.status,
        type: response.headers.get("content-type"),
        cacheControl: response.headers.get("cache-control"),
        body: Buffer.from(await response.arrayBuffer()),
      };
    },
  };
}

const picture = (name: string) => `${server.origin}/${name}-${randomUUID()}.png`;
const asked = (url: string) => server.requests.filter((request) => `${server.origin}${request.url}` === url).length;

async function cachedUrls(urls: string[]): Promise<string[]> {
  const { getDb } = await import("@/db/client");
  const { cacheKey } = await import("@/lib/images/cache");
  const { rows } = (await getDb().execute(sql`SELECT encode(key, 'hex') AS key FROM cache.image`)) as unknown as {
    rows: { key: string }[];
  };
  const kept = new Set(rows.map((row) => row.key));
  return urls.filter((url) => kept.has(cacheKey(url)));
}

const SERVED = { status: 200, type: "image/png", cacheControl: "public, max-age=31536000, immutable", body: PNG };

describe("the image proxy's cache in the database", () => {
  it("serves from another instance what one fetched, without asking the sender again, and keeps nothing but the bytes", async () => {
    const url = picture("shared");
    expect(await (await instance()).get(url)).toEqual(SERVED);
    expect(await (await instance()).get(url)).toEqual(SERVED);
    expect(asked(url)).toBe(1);

    const { getDb } = await import("@/db/client");
    const { rows } = (await getDb().execute(
      sql`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'cache' AND table_name = 'image' ORDER BY ordinal_position`,
    )) as unknown as { rows: { name: string }[] };
    // The address (which may carry a reader's token) is kept only as its SHA-256; no reader, cookie or header.
    expect(rows.map((row) => row.name)).toEqual(["key", "body", "size", "used_at", "object_key"]);
  });

  it("evicts the least recently used images, not the least recently stored, once the cache passes IMAGE_CACHE_MAX_BYTES", async () => {
    const { getDb } = await import("@/db/client");
    await getDb().execute(sql`DELETE FROM cache.image`);
    const urls = Array.from({ length: 5 }, (_, index) => picture(`evict-${index}`));
    const first = await instance({ IMAGE_CACHE_MAX_BYTES: String(PNG.length * 3) });
    for (const url of urls.slice(0, 3)) expect((await first.get(url)).status).toBe(200);
    // Read again (from memory): the oldest stored becomes the most recently used.
    expect((await first.get(urls[0]!)).status).toBe(200);
    for (const url of urls.slice(3)) expect((await first.get(url)).status).toBe(200);
    expect(await cachedUrls(urls)).toEqual([urls[0], urls[3], urls[4]]);

    delete process.env.IMAGE_CACHE_MAX_BYTES;
    const second = await instance();
    for (const url of urls) expect(await second.get(url)).toEqual(SERVED);
    expect(urls.map(asked)).toEqual([1, 2, 2, 1, 1]);
  });

  it("keeps an image larger than IMAGE_CACHE_MAX_ENTRY_BYTES only in the memory of the instance that fetched it", async () => {
    const url = picture("large");
    const first = await instance({ IMAGE_CACHE_MAX_ENTRY_BYTES: String(PNG.length - 1) });
    expect(await first.get(url)).toEqual(SERVED);
    expect(await first.get(url)).toEqual(SERVED);
    expect(await cachedUrls([url])).toEqual([]);
    expect(await (await instance()).get(url)).toEqual(SERVED);
    expect(asked(url)).toBe(2);
  });

  it("serves the image when the database cannot keep, evict or read it, and logs why without the address", async () => {
    const url = picture("database-away");
    const first = await instance();
    const { logger } = await import("@/lib/observability/log");
    const warned = vi.spyOn(logger, "warn");
    fault.write = true;
    expect(await first.get(url)).toEqual(SERVED);
    expect(await cachedUrls([url])).toEqual([]);
    fault.write = false;
    // This instance's first row kept: eviction runs, not knowing the cache's total yet.
    fault.evict = true;
    const kept = picture("kept");
    expect(await first.get(kept)).toEqual(SERVED);
    expect(await cachedUrls([kept])).toEqual([kept]);
    fault.evict = false;

    expect(await (await instance()).get(url)).toEqual(SERVED);
    expect(await cachedUrls([url])).toEqual([url]);
    fault.read = true;
    const third = await instance();
    const { logger: thirdLogger } = await import("@/lib/observability/log");
    const warnedThird = vi.spyOn(thirdLogger, "warn");
    expect(await third.get(url)).toEqual(SERVED);
    expect(asked(url)).toBe(3);

    const calls = [...warned.mock.calls, ...warnedThird.mock.calls];
    expect(calls.map((call) => call[1])).toEqual(["Image cache not written", "Image cache not evicted", "Image cache not read"]);
    expect(JSON.stringify(calls)).not.toContain(server.origin);
  });
});

describe("the image proxy's cache with a bucket", () => {
  it("keeps the bytes in the bucket and key, size and last use in the row: one fetch for two instances, and eviction deletes the objects", async () => {
    const bucket = await startBucket();
    try {
      const { getDb } = await import("@/db/client");
      await getDb().execute(sql`DELETE FROM cache.image`);
      const url = picture("bucket");
      expect(await (await instance(bucket.env)).get(url)).toEqual(SERVED);
      const other = await instance(bucket.env);
      expect(await other.get(url)).toEqual(SERVED);
      expect(asked(url)).toBe(1);

      const { cacheKey } = await import("@/lib/images/cache");
      const { objectStore } = await import("@/lib/storage/store");
      const store = await objectStore();
      expect(store.kind).toBe("bucket");
      const row = async (picked: string) =>
        (
          (await getDb().execute(
            sql`SELECT body, object_key, size FROM cache.image WHERE key = decode(${cacheKey(picked)}, 'hex')`,
          )) as unknown as { rows: { body: Buffer | null; object_key: string; size: number }[] }
        ).rows[0];
      expect(await row(url)).toEqual({ body: null, object_key: `images/${cacheKey(url)}`, size: PNG.length });
      expect((await store.get(`images/${cacheKey(url)}`))?.equals(PNG)).toBe(true);

      await getDb().execute(sql`DELETE FROM cache.image`);
      const urls = Array.from({ length: 3 }, (_, index) => picture(`bucket-evict-${index}`));
      const small = await instance({ ...bucket.env, IMAGE_CACHE_MAX_BYTES: String(PNG.length * 2) });
      for (const picked of urls) expect((await small.get(picked)).status).toBe(200);
      expect(await cachedUrls(urls)).toEqual([urls[2]]);
      const left = await Promise.all(urls.map(async (picked) => (await store.head(`images/${cacheKey(picked)}`)) !== null));
      expect(left).toEqual([false, false, true]);
    } finally {
      await bucket.stop();
    }
  });
});
