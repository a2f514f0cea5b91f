import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ObjectStore } from "@/lib/storage/store";
import { useDatabase } from "../support/api";
import { startBucket, useBucket, type LocalBucket } from "../support/bucket";

let bucket: LocalBucket;
beforeAll(async () => {
  bucket = await startBucket();
  // Read when the app first loads its configuration, after this.
  useBucket(bucket);
});
afterAll(() => bucket.stop());
useDatabase();

const stores: [string, () => Promise<ObjectStore>][] = [
  ["a bucket (s3rver on loopback)", async () => (await import("@/lib/storage/bucket")).bucketStore()],
  ["the database", async () => (await import("@/lib/storage/database-repo")).databaseStore],
];

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

describe.skipIf(!process.env.DATABASE_URL).each(stores)("the object store in %s (needs DATABASE_URL)", (_name, open) => {
  it("keeps, reads, streams, lists and deletes objects by key", async () => {
    const store = await open();
    const { contentKey } = await import("@/lib/storage/store");
    const prefix = `t${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const body = Buffer.from("From: a@example.com\r\n\r\nHello");
    const key = contentKey(prefix, body);
    expect(key).toMatch(new RegExp(`^${prefix}/[0-9a-f]{64}$`));
    expect(contentKey(prefix, Buffer.from(body))).toBe(key);

    expect(await store.get(key)).toBeNull();
    expect(await store.head(key)).toBeNull();
    await store.put(key, body, "message/rfc822");
    await store.put(key, body);
    await store.put(`${prefix}/zz`, Buffer.from("second"));
    expect((await store.get(key))?.equals(body)).toBe(true);
    expect(await text(await store.stream(key))).toBe(body.toString());
    expect(await store.stream(`${prefix}/absent`)).toBeNull();
    expect(await store.head(key)).toEqual({ key, size: body.length });

    const listed = [];
    for await (const item of store.list(`${prefix}/`)) listed.push(item);
    expect(listed).toEqual([
      { key, size: body.length },
      { key: `${prefix}/zz`, size: 6 },
    ]);
    const after = [];
    for await (const item of store.list(`${prefix}/`, key)) after.push(item.key);
    expect(after).toEqual([`${prefix}/zz`]);

    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.ping()).toBe(true);
  });
});

describe("a bucket not made yet", () => {
  it("is made by the first readiness check", async () => {
    vi.resetModules();
    process.env.S3_BUCKET = "paperboy-made-later";
    try {
      const { bucketStore } = await import("@/lib/storage/bucket");
      const store = bucketStore();
      await expect(store.put("first/x", Buffer.from("x"))).rejects.toMatchObject({ name: "NoSuchBucket" });
      expect(await store.ping()).toBe(true);
      await store.put("first/x", Buffer.from("x"));
      expect((await store.get("first/x"))?.toString()).toBe("x");
    } finally {
      process.env.S3_BUCKET = bucket.env.S3_BUCKET;
      vi.resetModules();
    }
  });
});

describe("a bucket that does not answer", () => {
  it("is refused as unavailable for a moment, and answers again once back", async () => {
    const { bucketStore } = await import("@/lib/storage/bucket");
    const { StoreUnavailableError } = await import("@/lib/storage/store");
    const store = bucketStore();
    await bucket.stop();
    try {
      await expect(store.put("down/x", Buffer.from("x"))).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.get("down/x")).rejects.toMatchObject({ status: 503, headers: { "Retry-After": "5" } });
      expect(await store.ping()).toBe(false);
    } finally {
      await bucket.start();
    }
    await store.put("down/x", Buffer.from("x"));
    expect((await store.get("down/x"))?.toString()).toBe("x");
  });
});
