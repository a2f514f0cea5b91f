// First: it sets the inbound secret before lib/env is read.
import { deliver, mail, startSmtpReceiver, uniqueSender, type SmtpReceiver } from "./inbound-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, registerUser, useDatabase } from "../support/api";
import { startBucket, useBucket, type LocalBucket } from "../support/bucket";
import { unzip } from "../support/zip";

let bucket: LocalBucket;
let receiver: SmtpReceiver;
beforeAll(async () => {
  bucket = await startBucket();
  // Read when the app first loads its configuration, after this.
  useBucket(bucket);
  receiver = await startSmtpReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await bucket.stop();
});
useDatabase();

async function storedRow(id: number) {
  const { getDb } = await import("@/db/client");
  const { inboundMessage } = await import("@/db/schema");
  const { eq } = await import("drizzle-orm");
  const [row] = await getDb().select().from(inboundMessage).where(eq(inboundMessage.id, id));
  return row;
}

/** Every file of a zip, by name. */
async function inBucket(key: string) {
  const { objectStore } = await import("@/lib/storage/store");
  return (await objectStore()).get(key);
}

// Loaded after the bucket's variables are set.
const ready: Parameters<typeof call>[0] = async (...args) => (await import("@/app/api/health/ready/route")).GET(...args);
const exportData: Parameters<typeof call>[0] = async (...args) => (await import("@/app/api/users/me/export/route")).GET(...args);

describe.skipIf(!process.env.DATABASE_URL)("raw messages in a bucket (needs DATABASE_URL)", () => {
  it("keeps the bytes in the bucket and their key in the row, and files, refiles and exports from there", async () => {
    const reader = await registerUser();
    const raw = mail({ to: reader.unique_email, from: uniqueSender(), subject: "Kept in the bucket" });
    const delivered = await deliver(raw);
    expect(delivered.status).toBe(202);
    const { message_id: id, emails } = delivered.body as { message_id: number; emails: number[] };
    expect(emails).toHaveLength(1);

    const row = await storedRow(id);
    expect(row.raw).toBeNull();
    expect(row.rawKey).toMatch(/^messages\/[0-9a-f]{64}$/);
    expect(row.sizeBytes).toBe(Buffer.byteLength(raw));
    expect((await inBucket(row.rawKey!))?.toString()).toBe(raw);

    // Refiling (the retry job, npm run mail:reprocess) reads the bytes back from the bucket.
    const { prepareAndFileStored } = await import("@/lib/mail/service");
    expect(await prepareAndFileStored(row)).toBe(true);

    const response = await exportData(
      new Request(new URL("/api/users/me/export", process.env.APP_URL), { headers: { cookie: reader.cookie } }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(200);
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    expect(files.get(`mail/${emails[0]}.eml`)?.toString()).toBe(raw);
  });

  it("refuses for a moment (503 with Retry-After, SMTP 451) and is not ready while the bucket is away", async () => {
    const reader = await registerUser();
    expect((await call(ready, "/api/health/ready")).status).toBe(200);
    await bucket.stop();
    try {
      const refused = await deliver(mail({ to: reader.unique_email, from: uniqueSender() }));
      expect(refused).toEqual({ status: 503, body: { detail: expect.stringMatching(/unavailable/) } });
      const { POST } = await import("@/app/api/inbound/email/route");
      const response = await POST(
        new Request(new URL("/api/inbound/email", process.env.APP_URL), {
          method: "POST",
          headers: { authorization: `Bearer ${process.env.INBOUND_SECRET}`, "content-type": "message/rfc822" },
          body: mail({ to: reader.unique_email, from: uniqueSender() }),
        }),
      );
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      const codes = await receiver.session([
        "EHLO sender.example",
        "MAIL FROM:<a@sender.example>",
        `RCPT TO:<${reader.unique_email}>`,
        "DATA",
        `${mail({ to: reader.unique_email, from: uniqueSender() })}\r\n.`,
        "QUIT",
      ]);
      expect(codes).toEqual([220, 250, 250, 250, 354, 451, 221]);
      expect(await call(ready, "/api/health/ready")).toMatchObject({ status: 503, body: { detail: "The object store is not answering." } });
    } finally {
      await bucket.start();
    }
    expect((await call(ready, "/api/health/ready")).status).toBe(200);
    expect((await deliver(mail({ to: reader.unique_email, from: uniqueSender() }))).status).toBe(202);
  });

  it("loses no acknowledged message when the bucket stops in the middle of a batch", async () => {
    const reader = await registerUser();
    const messages = Array.from({ length: 40 }, (_, index) =>
      mail({ to: reader.unique_email, from: uniqueSender(), subject: `Batch message ${index}` }),
    );
    let acknowledged = 0;
    let stopping: Promise<void> | null = null;
    const results: { index: number; result: Awaited<ReturnType<typeof deliver>> }[] = [];
    // Four relays, each delivering its share one after another; the bucket goes once five are acknowledged.
    await Promise.all(
      [0, 1, 2, 3].map(async (lane) => {
        for (let index = lane; index < messages.length; index += 4) {
          const result = await deliver(messages[index]);
          results.push({ index, result });
          if (result.status === 202 && ++acknowledged === 5) stopping = bucket.stop();
        }
      }),
    );
    await stopping;
    await bucket.start();
    const accepted = results.filter(({ result }) => result.status === 202);
    const refused = results.filter(({ result }) => result.status !== 202);
    expect(accepted.length).toBeGreaterThanOrEqual(5);
    // The bucket did go in the middle: some were refused, to be sent again.
    expect(refused.length).toBeGreaterThan(0);
    for (const { result } of refused) expect(result).toEqual({ status: 503, body: { detail: expect.stringMatching(/unavailable/) } });
    // Every acknowledged message has its row and its object, byte for byte.
    for (const { index, result } of accepted) {
      const row = await storedRow((result.body as { message_id: number }).message_id);
      expect((await inBucket(row.rawKey!))?.toString()).toBe(messages[index]);
    }
  });

  it("deletes a reader's messages from the bucket with their account, and keeps those another row still names", async () => {
    const reader = await registerUser();
    const other = await registerUser();
    const own = mail({ to: reader.unique_email, from: uniqueSender(), subject: "Only mine" });
    const mine = await deliver(own);
    // The same bytes, delivered to the other reader apart: their own row, the same object.
    const sharedBytes = mail({ to: `${reader.unique_email}, ${other.unique_email}`, from: uniqueSender(), subject: "Ours" });
    const shared = await deliver(sharedBytes, { "x-envelope-to": reader.unique_email });
    const theirs = await deliver(sharedBytes, { "x-envelope-to": other.unique_email });
    const keyOf = async (delivery: { body: unknown }) => (await storedRow((delivery.body as { message_id: number }).message_id)).rawKey!;
    const [mineKey, sharedKey] = [await keyOf(mine), await keyOf(shared)];
    expect(await keyOf(theirs)).toBe(sharedKey);

    const { eraseAccount } = await import("@/lib/account/service");
    await eraseAccount(reader.id);
    expect(await inBucket(mineKey)).toBeNull();
    expect((await inBucket(sharedKey))?.toString()).toBe(sharedBytes);
  });
});
