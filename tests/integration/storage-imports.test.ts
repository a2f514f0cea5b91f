import "./imports-env";
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, useDatabase, type TestUser } from "../support/api";
import { startBucket, useBucket, type LocalBucket } from "../support/bucket";
import { mboxEntry } from "../support/mbox";
import { importedNewsletter } from "./inbound-support";

let bucket: LocalBucket;
beforeAll(async () => {
  bucket = await startBucket();
  // Read when the app first loads its configuration, after this.
  useBucket(bucket);
});
afterAll(() => bucket.stop());
useDatabase();

async function upload(reader: TestUser, body: Buffer) {
  const { POST } = await import("@/app/api/users/me/imports/route");
  const request = new Request(new URL("/api/users/me/imports", process.env.APP_URL), {
    method: "POST",
    headers: { cookie: reader.cookie, "content-type": "application/mbox" },
    body: new Uint8Array(body),
  });
  const response = await POST(request, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as { id: number; status: string } };
}

async function objects(prefix: string): Promise<string[]> {
  const { objectStore } = await import("@/lib/storage/store");
  const keys: string[] = [];
  for await (const { key } of (await objectStore()).list(prefix)) keys.push(key);
  return keys;
}

describe.skipIf(!process.env.DATABASE_URL)("an import's upload in a bucket (needs DATABASE_URL)", () => {
  it("keeps the upload's chunks in the bucket, files every message from there, and drops the objects when done", async () => {
    const reader = await registerUser();
    const letters = Array.from({ length: 14 }, (_, index) =>
      mboxEntry(
        importedNewsletter(`Bucket letter ${String(index).padStart(2, "0")}`, { html: `<p>${randomBytes(75_000).toString("base64")}</p>` }),
      ),
    );
    const file = Buffer.concat(letters);
    expect(file.length).toBeGreaterThan(1 << 20);
    const started = await upload(reader, file);
    expect(started).toMatchObject({ status: 202, body: { status: "running" } });

    const { getDb } = await import("@/db/client");
    const { email, mailImport } = await import("@/db/schema");
    const [row] = await getDb().select({ key: mailImport.uploadKey }).from(mailImport).where(eq(mailImport.id, started.body.id));
    const uploadKey = row?.key ?? "";
    const { rows } = (await getDb().execute(
      sql`SELECT seq, data IS NULL AS in_bucket FROM upload_chunk WHERE upload_key = ${uploadKey} ORDER BY seq`,
    )) as unknown as { rows: { seq: number; in_bucket: boolean }[] };
    expect(rows).toEqual([
      { seq: 0, in_bucket: true },
      { seq: 1, in_bucket: true },
    ]);
    expect(await objects(`uploads/${uploadKey}/`)).toEqual([`uploads/${uploadKey}/00000000`, `uploads/${uploadKey}/00000001`]);

    const { runDueJobs } = await import("@/lib/worker/testing");
    await runDueJobs();
    const filed = await getDb()
      .select({ subject: email.subject, inbound: email.inboundMessageId })
      .from(email)
      .where(eq(email.userId, reader.id));
    expect(filed).toHaveLength(14);
    // The messages themselves are in the bucket too; the upload is gone from both.
    const { rows: kept } = (await getDb().execute(
      sql`SELECT count(*)::int AS n FROM inbound_message WHERE id = ANY(${sql.param(filed.map((item) => item.inbound))}::int[]) AND raw IS NULL AND raw_key IS NOT NULL`,
    )) as unknown as { rows: { n: number }[] };
    expect(kept[0]?.n).toBe(14);
    expect(await objects(`uploads/${uploadKey}/`)).toEqual([]);
  });
});
