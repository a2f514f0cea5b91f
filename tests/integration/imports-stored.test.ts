import "./imports-env";
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { ZipFile } from "yazl";
import { GET as importFailures } from "@/app/api/users/me/imports/[importId]/failures/route";
import { GET as getImport } from "@/app/api/users/me/imports/[importId]/route";
import { POST as postImport } from "@/app/api/users/me/imports/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { importedNewsletter } from "./inbound-support";
import { mbox, mboxEntry } from "../support/mbox";

// The keys of every upload this file starts, so its tests look only at their own chunks.
const uploadKeys = vi.hoisted(() => [] as string[]);
vi.mock("@/lib/imports/upload", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/imports/upload")>();
  return {
    ...actual,
    newUploadKey: () => {
      const key = actual.newUploadKey();
      uploadKeys.push(key);
      return key;
    },
  };
});

useDatabase();

const MIB = 1 << 20;

async function upload(reader: TestUser, body: Buffer | ReadableStream<Uint8Array>, type: string) {
  const request = new Request(new URL("/api/users/me/imports", process.env.APP_URL), {
    method: "POST",
    headers: { cookie: reader.cookie, "content-type": type },
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
    duplex: "half",
  } as RequestInit);
  const response = await postImport(request, { params: Promise.resolve({}) });
  return { status: response.status, body: await response.json() };
}

async function jobs() {
  const { runDueJobs } = await import("@/lib/worker/testing");
  await runDueJobs();
}

const status = async (reader: TestUser, id: number) =>
  (await call(getImport, `/api/users/me/imports/${id}`, { cookie: reader.cookie, params: { importId: String(id) } })).body;

async function db() {
  return (await import("@/db/client")).getDb();
}

async function uploadKeyOf(importId: number): Promise<string> {
  const { mailImport } = await import("@/db/schema");
  const [row] = await (await db()).select({ key: mailImport.uploadKey }).from(mailImport).where(eq(mailImport.id, importId));
  return row?.key ?? "";
}

/** Chunks stored under these keys, with their sizes, in order. */
async function chunks(keys: string[]): Promise<{ key: string; seq: number; size: number }[]> {
  if (keys.length === 0) return [];
  const { uploadChunk } = await import("@/db/schema");
  return (await db())
    .select({ key: uploadChunk.uploadKey, seq: uploadChunk.seq, size: sql<number>`octet_length(${uploadChunk.data})` })
    .from(uploadChunk)
    .where(inArray(uploadChunk.uploadKey, keys))
    .orderBy(uploadChunk.uploadKey, uploadChunk.seq);
}

async function subjectsOf(userId: number) {
  const { email } = await import("@/db/schema");
  const rows = await (await db()).select({ subject: email.subject }).from(email).where(eq(email.userId, userId));
  return rows.map((row) => row.subject).sort();
}

/** A newsletter of about `size` bytes that does not compress (random text), so a zip of them spans chunks. */
function newsletter(subject: string, size = 100_000) {
  const padding = randomBytes(Math.ceil(size * 0.75)).toString("base64");
  return importedNewsletter(subject, { html: `<p>The week's news in full.</p><p>${padding}</p>` });
}

function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => parts.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(parts)));
  });
}

/** What this process keeps under DATA_DIR, but the embedded database's own folder. */
function dataDirEntries(): string[] {
  return readdirSync(process.env.DATA_DIR ?? "", { recursive: true, encoding: "utf8" }).filter((entry) => !entry.startsWith("pglite"));
}

describe("an import's upload kept in the database", () => {
  it("stores a multi-chunk mbox a MiB a row with nothing on disk, resumes inside a later chunk, and drops the chunks when done", async () => {
    const reader = await registerUser();
    const before = dataDirEntries();
    const messages = Array.from({ length: 24 }, (_, index) => mboxEntry(newsletter(`Letter ${String(index).padStart(2, "0")}`)));
    const file = Buffer.concat(messages);
    expect(file.length).toBeGreaterThan(2 * MIB);
    const started = await upload(reader, file, "application/mbox");
    expect(started).toMatchObject({ status: 202, body: { status: "running" } });
    expect(dataDirEntries()).toEqual(before);

    const key = await uploadKeyOf(started.body.id);
    const stored = await chunks([key]);
    expect(stored.map((chunk) => chunk.seq)).toEqual([0, 1, 2]);
    expect(stored.map((chunk) => chunk.size)).toEqual([MIB, MIB, file.length - 2 * MIB]);

    // As if a process had passed the first 15 messages (into the second chunk) before it died.
    const position = Buffer.concat(messages.slice(0, 15)).length;
    expect(position).toBeGreaterThan(MIB);
    const { mailImport } = await import("@/db/schema");
    await (
      await db()
    )
      .update(mailImport)
      .set({ total: 24, processed: 15, skipped: 15, position })
      .where(eq(mailImport.id, started.body.id));
    await jobs();
    expect(await status(reader, started.body.id)).toMatchObject({ status: "done", total: 24, processed: 24, filed: 9, skipped: 15 });
    expect(await subjectsOf(reader.id)).toEqual(Array.from({ length: 9 }, (_, index) => `Letter ${15 + index}`));
    expect(await chunks([key])).toEqual([]);
  });

  it("files a zip whose entries and central directory span chunks, read at random from the database", async () => {
    const reader = await registerUser();
    const files = Object.fromEntries(
      Array.from({ length: 16 }, (_, index) => [`mail/${index}.eml`, newsletter(`Zipped ${index}`, 150_000)]),
    );
    const zip = await zipOf(files);
    expect(zip.length).toBeGreaterThan(1.5 * MIB);
    const started = await upload(reader, zip, "application/zip");
    expect(started.status).toBe(202);
    const key = await uploadKeyOf(started.body.id);
    expect((await chunks([key])).length).toBe(Math.ceil(zip.length / MIB));
    await jobs();
    expect(await status(reader, started.body.id)).toMatchObject({ status: "done", total: 16, processed: 16, filed: 16, failed: 0 });
    expect(await subjectsOf(reader.id)).toEqual(
      Object.keys(files)
        .map((_, index) => `Zipped ${index}`)
        .sort(),
    );
    expect(await chunks([key])).toEqual([]);
  });

  it("fails an import whose upload lost a chunk, says why, and drops what was left", async () => {
    const reader = await registerUser();
    const started = await upload(reader, mbox(Array.from({ length: 14 }, (_, index) => newsletter(`Lost ${index}`))), "application/mbox");
    const key = await uploadKeyOf(started.body.id);
    const { uploadChunk } = await import("@/db/schema");
    await (await db()).delete(uploadChunk).where(sql`${uploadChunk.uploadKey} = ${key} AND ${uploadChunk.seq} = 1`);
    await jobs();
    expect(await status(reader, started.body.id)).toMatchObject({ status: "failed" });
    const failures = await call(importFailures, "/x", { cookie: reader.cookie, params: { importId: String(started.body.id) } });
    expect(failures.body).toEqual({
      items: [{ position: 0, subject: null, reason: "The uploaded file is no longer stored: upload it again." }],
    });
    expect(await chunks([key])).toEqual([]);
  });

  it("keeps no chunk of an upload refused as it is read (413, 422, a refused zip) or cut off by the client", async () => {
    const reader = await registerUser();
    const first = uploadKeys.length;
    const tooLarge = mbox(Array.from({ length: 32 }, (_, index) => newsletter(`Big ${index}`)));
    expect((await upload(reader, tooLarge, "application/mbox")).status).toBe(413);
    expect((await upload(reader, Buffer.from("Subject: no From line\n\nhello\n"), "application/mbox")).status).toBe(422);
    expect((await upload(reader, await zipOf({ "notes.txt": randomBytes(1_500_000).toString("base64") }), "application/zip")).status).toBe(
      422,
    );
    const sent = mbox([newsletter("Cut off", 1_600_000)]);
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(sent.subarray(0, 1_500_000)));
        controller.error(new Error("connection reset"));
      },
    });
    expect((await upload(reader, cut, "application/mbox")).status).toBe(500);
    const keys = uploadKeys.slice(first);
    expect(keys).toHaveLength(4);
    expect(await chunks(keys)).toEqual([]);
  });

  it("sweeps an upload no import took an hour after its last chunk, as the next upload starts; running imports' and fresh ones' stay", async () => {
    const reader = await registerUser();
    const { uploadChunk, mailImport } = await import("@/db/schema");
    const abandoned = `abandoned-${randomUUID()}`;
    const slow = `still-arriving-${randomUUID()}`;
    const started = await upload(reader, mbox([newsletter("Running")]), "application/mbox");
    const running = await uploadKeyOf(started.body.id);
    const minutesAgo = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
    await (await db()).insert(uploadChunk).values([
      { uploadKey: abandoned, seq: 0, data: Buffer.from("From a"), createdAt: minutesAgo(120) },
      { uploadKey: abandoned, seq: 1, data: Buffer.from("bandoned"), createdAt: minutesAgo(90) },
      { uploadKey: slow, seq: 0, data: Buffer.from("From a"), createdAt: minutesAgo(180) },
      { uploadKey: slow, seq: 1, data: Buffer.from(" slow one"), createdAt: minutesAgo(0) },
    ]);
    await (
      await db()
    )
      .update(uploadChunk)
      .set({ createdAt: minutesAgo(120) })
      .where(eq(uploadChunk.uploadKey, running));
    expect((await upload(reader, mbox([newsletter("Next")]), "application/mbox")).status).toBe(202);
    expect((await chunks([abandoned, slow, running])).map((chunk) => `${chunk.key.split("-")[0]} ${chunk.seq}`).sort()).toEqual(
      [`${running.split("-")[0]} 0`, "still 0", "still 1"].sort(),
    );
    // Once its import is over, a left-over chunk of it goes too.
    await (await db()).update(mailImport).set({ status: "done" }).where(eq(mailImport.id, started.body.id));
    await upload(reader, mbox([newsletter("After")]), "application/mbox");
    expect(await chunks([running])).toEqual([]);
  });
});
