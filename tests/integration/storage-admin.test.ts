import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useDatabase } from "../support/api";
import { startBucket, useBucket, type LocalBucket } from "../support/bucket";

// `storage verify` compares every row with the bucket: this file has a database (and a bucket) of its own.
const base = process.env.DATABASE_URL;
const database = `paperboy_storage_admin_${process.pid}_${Math.floor(Math.random() * 1e6)}`;

async function admin(statement: string): Promise<void> {
  const client = new Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let bucket: LocalBucket;
beforeAll(async () => {
  bucket = await startBucket();
  // Read when the app first loads its configuration, after this.
  useBucket(bucket);
  if (!base) return;
  await admin(`CREATE DATABASE "${database}"`);
  const url = new URL(base);
  url.pathname = `/${database}`;
  process.env.DATABASE_URL = url.toString();
});
useDatabase();
afterAll(async () => {
  await bucket.stop();
  if (!base) return;
  const { closeDb } = await import("@/db/client");
  await closeDb();
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
});

async function run(...args: string[]) {
  const { runAdmin } = await import("@/lib/admin");
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

/** Rows as an instance kept them before it had a bucket: the bytes in the database. */
async function keptInDatabase(messages: number) {
  const { insertInboundMessage } = await import("@/lib/mail/filing/repo");
  const raws = Array.from({ length: messages }, (_, index) => Buffer.from(`Subject: Kept ${index}\r\n\r\nHello ${randomUUID()}`));
  const inboundIds: number[] = [];
  for (const raw of raws) {
    const { row } = await insertInboundMessage({
      dedupKey: `moved-${randomUUID()}`,
      source: "raw",
      envelopeTo: [],
      kept: { raw, rawKey: null, size: raw.length },
    });
    inboundIds.push(row.id);
  }
  const { insertCachedImage } = await import("@/lib/images/repo");
  const image = Buffer.from("GIF89a-image");
  const imageKey = randomUUID().replaceAll("-", "").padEnd(64, "0");
  await insertCachedImage(Buffer.from(imageKey, "hex"), { body: image, objectKey: null, size: image.length });
  const { insertUploadChunk } = await import("@/lib/imports/repo");
  const uploadKey = randomUUID().replaceAll("-", "");
  await insertUploadChunk(uploadKey, 0, Buffer.from("From a@b.example\n"));
  const { databaseStore } = await import("@/lib/storage/database-repo");
  await databaseStore.put("attachments/first", Buffer.from("an attachment"));
  const { insertAttachments } = await import("@/lib/attachments/repo");
  await insertAttachments(inboundIds[0], [
    { filename: "first.pdf", contentType: "application/pdf", size: 13, objectKey: "attachments/first" },
  ]);
  return { raws, imageKey, uploadKey };
}

async function inDatabase() {
  const { getDb } = await import("@/db/client");
  const { sql } = await import("drizzle-orm");
  const count = async (statement: ReturnType<typeof sql>) =>
    ((await getDb().execute(statement)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
  return {
    messages: await count(sql`SELECT count(*)::int AS n FROM inbound_message WHERE raw IS NOT NULL`),
    images: await count(sql`SELECT count(*)::int AS n FROM cache.image WHERE body IS NOT NULL`),
    uploads: await count(sql`SELECT count(*)::int AS n FROM upload_chunk WHERE data IS NOT NULL`),
    objects: await count(sql`SELECT count(*)::int AS n FROM stored_object`),
  };
}

describe.skipIf(!base)("npm run admin -- storage (needs DATABASE_URL)", () => {
  it("moves what the database holds into the bucket in batches with progress, and a stopped move goes on where it was", async () => {
    const { raws, imageKey, uploadKey } = await keptInDatabase(100);
    const { objectStore, contentKey } = await import("@/lib/storage/store");
    const store = await objectStore();
    const put = store.put.bind(store);
    let puts = 0;
    const failing = vi.spyOn(store, "put").mockImplementation(async (...args) => {
      // The bucket goes away during the second batch.
      if (++puts > 70) throw new (await import("@/lib/storage/store")).StoreUnavailableError("ECONNREFUSED");
      return put(...args);
    });
    try {
      expect(await run("storage", "move-to-bucket")).toEqual({
        code: 1,
        out: [expect.stringMatching(/^raw messages: 64\/100 moved \(\d+\/s\)$/)],
        err: ["The bucket is not answering (ECONNREFUSED): run the command again, it goes on from where it stopped"],
      });
    } finally {
      failing.mockRestore();
    }
    // The first batch moved, and of the second what was written before the bucket went.
    const stopped = await inDatabase();
    expect(stopped.messages).toBeLessThanOrEqual(100 - 64);
    expect(stopped.messages).toBeGreaterThan(0);

    const resumed = await run("storage", "move-to-bucket");
    expect(resumed.code).toBe(0);
    expect(resumed.out).toEqual([
      `raw messages: ${stopped.messages}/${stopped.messages} moved (${resumed.out[0]?.match(/\((\d+)\/s\)/)?.[1]}/s)`,
      expect.stringMatching(/^upload chunks: 1\/1 moved/),
      expect.stringMatching(/^cached images: 1\/1 moved/),
      expect.stringMatching(/^other objects: 1\/1 moved/),
      `${stopped.messages! + 3} moved to the bucket`,
    ]);
    expect(await inDatabase()).toEqual({ messages: 0, images: 0, uploads: 0, objects: 0 });
    for (const raw of raws) expect((await store.get(contentKey("messages", raw)))?.equals(raw)).toBe(true);
    expect((await store.get(`images/${imageKey}`))?.toString()).toBe("GIF89a-image");
    expect((await store.get(`uploads/${uploadKey}/00000000`))?.toString()).toBe("From a@b.example\n");
    expect((await store.get("attachments/first"))?.toString()).toBe("an attachment");
    // The bytes are read back from the bucket where they are used.
    const { readUpload } = await import("@/lib/imports/upload");
    const chunks: Buffer[] = [];
    for await (const chunk of readUpload({ key: uploadKey, size: 17 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("From a@b.example\n");

    expect((await run("storage", "move-to-bucket")).out).toEqual(["Nothing left in the database to move"]);
  });

  it("verifies that every row's object is in the bucket and every object is named, and says which are not", async () => {
    const clean = await run("storage", "verify");
    expect(clean.code).toBe(0);
    expect(clean.out).toEqual([expect.stringMatching(/^\d+ objects named by rows: 0 missing, 0 objects named by no row$/)]);

    const { objectStore, contentKey } = await import("@/lib/storage/store");
    const store = await objectStore();
    const { raws } = await keptInDatabase(1);
    await run("storage", "move-to-bucket");
    const gone = contentKey("messages", raws[0]!);
    await store.delete(gone);
    await store.put("messages/stray", Buffer.from("nobody's"));
    const found = await run("storage", "verify");
    expect(found.code).toBe(1);
    expect(found.out).toEqual([
      `missing from the bucket\t${gone}`,
      "not named by any row\tmessages/stray",
      expect.stringMatching(/^\d+ objects named by rows: 1 missing, 1 objects named by no row$/),
    ]);
  });
});
