import "./imports-env";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZipFile } from "yazl";
import { GET as importFailures } from "@/app/api/users/me/imports/[importId]/failures/route";
import { GET as getImport } from "@/app/api/users/me/imports/[importId]/route";
import { POST as postImport } from "@/app/api/users/me/imports/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { importedNewsletter, mail, uniqueSender } from "./inbound-support";
import { mbox } from "../support/mbox";

useDatabase();

async function upload(reader: TestUser, body: Buffer, type: string, headers: Record<string, string> = {}) {
  const request = new Request(new URL("/api/users/me/imports", process.env.APP_URL), {
    method: "POST",
    headers: { cookie: reader.cookie, "content-type": type, ...headers },
    body: new Uint8Array(body),
  });
  const response = await postImport(request, { params: Promise.resolve({}) });
  return { status: response.status, body: await response.json() };
}

async function jobs() {
  const { runDueJobs } = await import("@/lib/worker/testing");
  await runDueJobs();
}

async function status(reader: TestUser, id: number) {
  return call(getImport, `/api/users/me/imports/${id}`, { cookie: reader.cookie, params: { importId: String(id) } });
}

async function emailsOf(userId: number) {
  const { getDb } = await import("@/db/client");
  const { email } = await import("@/db/schema");
  return getDb()
    .select({ subject: email.subject, date: email.dateReceived })
    .from(email)
    .where(eq(email.userId, userId))
    .orderBy(email.dateReceived);
}

function newsletter(
  subject: string,
  date: string,
  headers: string[] = [`List-Unsubscribe: <https://letters.example.org/u/${randomUUID()}>`],
) {
  return importedNewsletter(subject, { date, extra: headers });
}

function personal(subject: string) {
  return mail({ to: "reader@gmail.example", from: "Aunt May <may@family.example>", subject }).replace(/\r\n/g, "\n");
}

function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

/** Renames a file inside a zip's bytes (yazl itself refuses hostile names). */
function rename(zip: Buffer, from: string, to: string): Buffer {
  expect(to.length).toBe(from.length);
  return Buffer.from(zip.toString("latin1").replaceAll(from, to), "latin1");
}

describe("POST /api/users/me/imports", () => {
  it("files only the newsletters of a mixed mbox, with their own dates, and counts the rest", async () => {
    const reader = await registerUser();
    const file = mbox([
      newsletter("Issue one", "Mon, 07 Feb 2022 08:00:00 +0000"),
      personal("Lunch on Sunday?\n\nFrom what I hear it will rain."),
      newsletter("Issue two", "Mon, 14 Feb 2022 08:00:00 +0000", ["List-Id: Weekly Letters <weekly.letters.example.org>"]),
      newsletter("Bulk notice", "Mon, 21 Feb 2022 08:00:00 +0000", ["Precedence: bulk"]),
    ]);
    const started = await upload(reader, file, "application/mbox");
    expect(started).toEqual({ status: 202, body: { id: expect.any(Number), status: "running" } });
    await jobs();
    const result = await status(reader, started.body.id);
    expect(result).toMatchObject({
      status: 200,
      body: { id: started.body.id, status: "done", total: 4, processed: 4, filed: 3, skipped: 1, failed: 0 },
    });
    expect(await emailsOf(reader.id)).toEqual([
      { subject: "Issue one", date: new Date("2022-02-07T08:00:00Z") },
      { subject: "Issue two", date: new Date("2022-02-14T08:00:00Z") },
      { subject: "Bulk notice", date: new Date("2022-02-21T08:00:00Z") },
    ]);

    const again = await upload(reader, file, "application/mbox");
    await jobs();
    expect((await status(reader, again.body.id)).body).toMatchObject({ status: "done", total: 4, filed: 0, skipped: 4, failed: 0 });
    expect(await emailsOf(reader.id)).toHaveLength(3);
  });

  it("files mail from a newsletter the reader already has even without list headers", async () => {
    const reader = await registerUser();
    const sender = uniqueSender();
    const first = mail({
      to: "x@gmail.example",
      from: `Known Letter <${sender}>`,
      subject: "Listed",
      extra: ["List-Id: <known.example.org>"],
    }).replace(/\r\n/g, "\n");
    const plain = mail({
      to: "x@gmail.example",
      from: `Known Letter <${sender}>`,
      subject: "Unlisted",
      date: "Wed, 09 Mar 2022 10:00:00 +0000",
    }).replace(/\r\n/g, "\n");
    await upload(reader, mbox([first]), "application/mbox");
    await jobs();
    const second = await upload(reader, Buffer.from(plain), "message/rfc822");
    await jobs();
    expect((await status(reader, second.body.id)).body).toMatchObject({ status: "done", total: 1, filed: 1, skipped: 0 });
  });

  it("counts a message that cannot be read as failed, says why, and goes on", async () => {
    const reader = await registerUser();
    const file = mbox([
      newsletter("Before", "Mon, 07 Feb 2022 08:00:00 +0000"),
      "no header at all, just words\n",
      newsletter("After", "Mon, 14 Feb 2022 08:00:00 +0000"),
    ]);
    const started = await upload(reader, file, "application/mbox");
    await jobs();
    expect((await status(reader, started.body.id)).body).toMatchObject({
      status: "done",
      total: 3,
      processed: 3,
      filed: 2,
      skipped: 0,
      failed: 1,
    });
    const failures = await call(importFailures, "/x", { cookie: reader.cookie, params: { importId: String(started.body.id) } });
    expect(failures).toMatchObject({
      status: 200,
      body: { items: [{ position: 2, subject: null, reason: "Not an e-mail message: it has no header." }] },
    });
  });

  it("files a newsletter naming the reader with an edition that names neither them nor an address it was sent to", async () => {
    const reader = await registerUser("Ada Lovelace");
    const sentTo = `ada-${randomUUID().slice(0, 8)}@gmail.example`;
    const greeting = `<p>Hi Ada Lovelace, this letter went to ${sentTo}, ${reader.email} and ${reader.unique_email} this week.</p>`;
    const message = importedNewsletter("A letter for its reader", {
      to: sentTo,
      html: `${greeting}<p>Here is what happened in the world of letters, told at some length for a reader.</p>`,
    });
    const started = await upload(reader, mbox([message]), "application/mbox");
    await jobs();
    expect((await status(reader, started.body.id)).body).toMatchObject({ status: "done", filed: 1 });

    const { getDb } = await import("@/db/client");
    const { email, inboundMessage, issue } = await import("@/db/schema");
    const [copy] = await getDb()
      .select({ html: email.bodyHtml, issueId: email.issueId, inboundId: email.inboundMessageId })
      .from(email)
      .where(eq(email.userId, reader.id));
    expect(copy.html).toContain("Ada Lovelace");
    const [edition] = await getDb().select({ html: issue.bodyHtml, plain: issue.bodyPlain }).from(issue).where(eq(issue.id, copy.issueId));
    for (const personal of ["Ada Lovelace", sentTo, reader.email, reader.unique_email]) {
      expect(edition.html).not.toContain(personal);
      expect(edition.plain).not.toContain(personal);
    }
    expect(edition.plain).toContain("Here is what happened in the world of letters");
    const [stored] = await getDb()
      .select({ status: inboundMessage.status, processedAt: inboundMessage.processedAt })
      .from(inboundMessage)
      .where(eq(inboundMessage.id, copy.inboundId!));
    expect(stored).toEqual({ status: "filed", processedAt: expect.any(Date) });
  });

  it("files a message the mailbox holds twice once, and counts the copy as skipped", async () => {
    const reader = await registerUser();
    const twice = newsletter("Sent twice", "Mon, 07 Feb 2022 08:00:00 +0000");
    const started = await upload(reader, mbox([twice, newsletter("Once", "Mon, 14 Feb 2022 08:00:00 +0000"), twice]), "application/mbox");
    await jobs();
    expect((await status(reader, started.body.id)).body).toMatchObject({ status: "done", total: 3, processed: 3, filed: 2, skipped: 1 });
    expect((await emailsOf(reader.id)).map((row) => row.subject)).toEqual(["Sent twice", "Once"]);
  });

  it("goes on from the recorded position after a restart, filing nothing twice", async () => {
    const reader = await registerUser();
    const messages = [newsletter("Kept one", "Mon, 07 Feb 2022 08:00:00 +0000"), newsletter("Kept two", "Mon, 14 Feb 2022 08:00:00 +0000")];
    const started = await upload(reader, mbox(messages), "application/mbox");
    const { getDb } = await import("@/db/client");
    const { mailImport } = await import("@/db/schema");
    // As if a process had filed nothing yet, but counted and passed the first message before it died.
    const firstLength = mbox(messages.slice(0, 1)).length;
    await getDb()
      .update(mailImport)
      .set({ total: 2, processed: 1, skipped: 1, position: firstLength })
      .where(eq(mailImport.id, started.body.id));
    await jobs();
    expect((await status(reader, started.body.id)).body).toMatchObject({ status: "done", total: 2, processed: 2, filed: 1, skipped: 1 });
    expect((await emailsOf(reader.id)).map((row) => row.subject)).toEqual(["Kept two"]);
  });

  it("files the .eml files of a zip", async () => {
    const reader = await registerUser();
    const zip = await zipOf({
      "mail/one.eml": newsletter("Zipped one", "Mon, 07 Feb 2022 08:00:00 +0000"),
      "mail/two.EML": newsletter("Zipped two", "Mon, 14 Feb 2022 08:00:00 +0000"),
      "mail/personal.eml": personal("Hello"),
      "readme.txt": "not mail",
    });
    const started = await upload(reader, zip, "application/zip");
    expect(started.status).toBe(202);
    await jobs();
    expect((await status(reader, started.body.id)).body).toMatchObject({
      status: "done",
      total: 3,
      processed: 3,
      filed: 2,
      skipped: 1,
      failed: 0,
    });
  });

  it.each([
    [
      "a ../ name",
      async () => rename(await zipOf({ "zz/evil.eml": newsletter("x", "Mon, 07 Feb 2022 08:00:00 +0000") }), "zz/evil.eml", "../evil.eml"),
      "outside itself",
    ],
    [
      "an absolute path",
      async () =>
        rename(await zipOf({ "zetc/evil.eml": newsletter("x", "Mon, 07 Feb 2022 08:00:00 +0000") }), "zetc/evil.eml", "/etc/evil.eml"),
      "outside itself",
    ],
    [
      "a nested zip",
      async () => zipOf({ "inner.zip": await zipOf({ "a.eml": newsletter("x", "Mon, 07 Feb 2022 08:00:00 +0000") }) }),
      "another archive",
    ],
    ["a bomb", async () => zipOf({ "bomb.eml": Buffer.alloc(2_500_000, 0x61) }), "zip bomb"],
    ["no messages", async () => zipOf({ "notes.txt": "nothing" }), "no .eml files"],
  ])("refuses a zip with %s with 422 and keeps nothing", async (_name, build, reason) => {
    const reader = await registerUser();
    const result = await upload(reader, await build(), "application/zip");
    expect(result.status).toBe(422);
    expect(result.body.detail).toContain(reason);
    const { getDb } = await import("@/db/client");
    const { mailImport } = await import("@/db/schema");
    expect(await getDb().select().from(mailImport).where(eq(mailImport.userId, reader.id))).toEqual([]);
  });

  it.each([
    ["text/plain", "an mbox", 415, Buffer.from("From a@b.c x\n\nhello"), "Upload an mbox file"],
    ["application/mbox", "a lone message", 422, Buffer.from("Subject: not an mbox\n\nhello\n"), "This is not an mbox file"],
    ["application/mbox", "nothing", 422, Buffer.alloc(0), "The file is empty."],
    ["application/zip", "an mbox", 422, Buffer.from("From a@b.c Tue Mar  1 10:00:00 2022\n"), "This is not a zip file."],
    ["message/rfc822", "binary bytes", 422, Buffer.from("\u0000\u0001binary"), "This is not an e-mail message"],
  ])("answers %s holding %s with %i", async (type, _content, code, body, detail) => {
    const reader = await registerUser();
    const result = await upload(reader, body, type);
    expect(result.status).toBe(code);
    expect(result.body.detail).toContain(detail);
  });

  it("refuses an upload past the limit with 413, by its declared length or as it is read", async () => {
    const reader = await registerUser();
    const declared = await upload(reader, Buffer.from("From a\n"), "application/mbox", { "content-length": "3000001" });
    expect(declared).toEqual({ status: 413, body: { detail: "The file is larger than the limit of 2 MB." } });
    const big = mbox([newsletter("Large", "Mon, 07 Feb 2022 08:00:00 +0000", [`X-Padding: ${"p".repeat(3_100_000)}`])]);
    expect((await upload(reader, big, "application/mbox")).status).toBe(413);
  });
});

describe("GET /api/users/me/imports/{id}", () => {
  it("answers another reader's import with 404", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const started = await upload(owner, mbox([newsletter("Mine", "Mon, 07 Feb 2022 08:00:00 +0000")]), "application/mbox");
    expect(await status(other, started.body.id)).toMatchObject({ status: 404, body: { detail: "Import not found" } });
    expect((await call(importFailures, "/x", { cookie: other.cookie, params: { importId: String(started.body.id) } })).status).toBe(404);
  });
});
