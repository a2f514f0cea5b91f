import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as getDigest, PUT as putDigest } from "@/app/api/users/me/digest/route";
import { POST as sendNow } from "@/app/api/users/me/digest/send/route";
import { GET as unsubscribeGet, POST as unsubscribePost } from "@/app/api/digest/unsubscribe/route";
import { getDb } from "@/db/client";
import { digestSend, email, emailRead, subscription, user } from "@/db/schema";
import { runDigestTick, unsubscribeUrl } from "@/lib/digest/service";
import { logger } from "@/lib/observability/log";
import { listOutbox } from "@/lib/outbound/outbox";
import { runDueJobs } from "@/lib/worker/testing";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail, seedNewsletter, seedSubscription } from "../support/seed";

useDatabase();

afterEach(() => vi.restoreAllMocks());

const APP_URL = process.env.APP_URL!;
const settings = (reader: TestUser) => call(getDigest, "/api/users/me/digest", { cookie: reader.cookie });
const save = (reader: TestUser, body: unknown) => call(putDigest, "/api/users/me/digest", { method: "PUT", cookie: reader.cookie, body });
const askNow = (reader: TestUser) => call(sendNow, "/api/users/me/digest/send", { method: "POST", cookie: reader.cookie });

type Mail = { subject: string; text: string; html: string; raw: string };

/** The digests in the outbox addressed to the reader, oldest first, once the queued send-mail jobs ran. */
async function digestsTo(reader: TestUser): Promise<Mail[]> {
  await runDueJobs();
  const mine = (await listOutbox()).filter((message) => message.to === reader.email);
  return Promise.all(
    mine.map(async (message) => {
      const raw = await readFile(message.file, "utf8");
      const parsed = await simpleParser(raw);
      return { subject: message.subject, text: message.text, html: typeof parsed.html === "string" ? parsed.html : "", raw };
    }),
  );
}

async function markRead(reader: TestUser, seeded: { id: number; issueId: number }) {
  await getDb().insert(emailRead).values({ emailId: seeded.id, userId: reader.id, issueId: seeded.issueId });
}

function tokenOf(url: string): string {
  return new URL(url).searchParams.get("token")!;
}

describe("digest settings", () => {
  it("GET answers off by default; PUT keeps frequency, hour, weekday and an IANA zone, canonical in case", async () => {
    const reader = await registerUser();
    expect(await settings(reader)).toMatchObject({
      status: 200,
      body: { frequency: "off", hour: 7, weekday: 1, timezone: "UTC", updated_at: null },
    });
    const saved = await save(reader, { frequency: "weekly", hour: 18, weekday: 0, timezone: "america/new_york" });
    expect(saved).toMatchObject({
      status: 200,
      body: { frequency: "weekly", hour: 18, weekday: 0, timezone: "America/New_York", updated_at: expect.any(String) },
    });
    // A field left out keeps its value.
    expect((await save(reader, { frequency: "daily" })).body).toMatchObject({ frequency: "daily", hour: 18, timezone: "America/New_York" });
    expect((await settings(reader)).body).toMatchObject({ frequency: "daily", hour: 18, weekday: 0, timezone: "America/New_York" });
  });

  it.each([
    [{ timezone: "Mars/Olympus_Mons" }, "timezone", "Time zone must be an IANA time zone, such as Europe/Paris."],
    [{ timezone: "+02:00" }, "timezone", "Time zone must be an IANA time zone, such as Europe/Paris."],
    [{ timezone: "" }, "timezone", "Time zone must be an IANA time zone, such as Europe/Paris."],
    [{ hour: 24 }, "hour", "Hour must be a whole number from 0 to 23."],
    [{ hour: -1 }, "hour", "Hour must be a whole number from 0 to 23."],
    [{ hour: 7.5 }, "hour", "Hour must be a whole number from 0 to 23."],
    [{ hour: "7" }, "hour", "Hour must be a whole number from 0 to 23."],
    [{ weekday: 7 }, "weekday", "Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)."],
    [{ frequency: 3 }, "frequency", "Frequency must be off, daily or weekly."],
  ])("PUT refuses %j with 422, keeping the settings", async (change, field, message) => {
    const reader = await registerUser();
    await save(reader, { frequency: "daily", hour: 8, weekday: 2, timezone: "Europe/Paris" });
    const result = await save(reader, { frequency: "daily", hour: 8, weekday: 2, timezone: "Europe/Paris", ...change });
    expect({ status: result.status, body: result.body }).toEqual({ status: 422, body: { detail: message, errors: [{ field, message }] } });
    expect((await settings(reader)).body).toMatchObject({ frequency: "daily", hour: 8, weekday: 2, timezone: "Europe/Paris" });
  });

  it("PUT refuses an unknown frequency with 400, and malformed JSON too", async () => {
    const reader = await registerUser();
    expect(await save(reader, { frequency: "hourly" })).toMatchObject({ status: 400, body: { detail: "Unknown value for frequency" } });
    const malformed = await call(putDigest, "/api/users/me/digest", { method: "PUT", cookie: reader.cookie, rawBody: "{" });
    expect(malformed).toMatchObject({ status: 400, body: { detail: "Malformed JSON body" } });
    expect((await settings(reader)).body).toMatchObject({ frequency: "off" });
  });

  it("needs a session, and refuses another origin's write", async () => {
    expect((await call(getDigest, "/api/users/me/digest")).status).toBe(401);
    expect((await call(putDigest, "/api/users/me/digest", { method: "PUT", body: { frequency: "daily" } })).status).toBe(401);
    expect((await call(sendNow, "/api/users/me/digest/send", { method: "POST" })).status).toBe(401);
    const reader = await registerUser();
    const foreign = await call(putDigest, "/api/users/me/digest", {
      method: "PUT",
      cookie: reader.cookie,
      body: { frequency: "daily" },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
  });
});

describe("the digest mail", () => {
  it("lists each unread issue filed since the last digest, in text and HTML, with links and one-click unsubscribe", async () => {
    const reader = await registerUser();
    const money = await seedNewsletter({ name: "Money Stuff" });
    const first = await seedEmail(reader.id, { newsletterId: money, subject: "The Fed's week" });
    const second = await seedEmail(reader.id, { subject: "Gardens <in> winter" });
    const read = await seedEmail(reader.id, { subject: "Already read" });
    await markRead(reader, read);
    const skipped = await seedEmail(reader.id, { subject: "Kept out of the feed" });
    await getDb().update(email).set({ skippedFeed: true }).where(eq(email.id, skipped.id));
    const quiet = await seedNewsletter({ name: "Quiet Letter" });
    await seedSubscription(reader.id, quiet, "active");
    await getDb()
      .update(subscription)
      .set({ muted: true })
      .where(and(eq(subscription.userId, reader.id), eq(subscription.newsletterId, quiet)));
    await seedEmail(reader.id, { newsletterId: quiet, subject: "From a muted letter" });
    await seedEmail(reader.id, { subject: "Please confirm", kind: "confirmation" });

    const asked = await askNow(reader);
    expect(asked).toMatchObject({ status: 202, body: { status: "queued", email_count: 2 } });
    const [mail, ...others] = await digestsTo(reader);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe("Your Paperboy digest: 2 new issues");
    for (const [item, subject] of [
      [first, "The Fed's week"],
      [second, "Gardens <in> winter"],
    ] as const) {
      expect(mail!.text).toContain(subject);
      expect(mail!.text).toContain(`${APP_URL}/emails/${item.id}`);
      expect(mail!.html).toContain(`href="${APP_URL}/emails/${item.id}"`);
    }
    expect(mail!.text).toContain("Money Stuff: The Fed's week");
    expect(mail!.text).toContain("A summary.");
    expect(mail!.html).toContain("Money Stuff");
    expect(mail!.html).toContain("A summary.");
    // The sender's words are text in the HTML, never markup.
    expect(mail!.html).toContain("Gardens &#60;in&#62; winter");
    for (const left of ["Already read", "Kept out of the feed", "From a muted letter", "Please confirm"]) {
      expect(mail!.text).not.toContain(left);
      expect(mail!.html).not.toContain(left);
    }
    const unsubscribe = `${APP_URL}/api/digest/unsubscribe?token=${tokenOf(unsubscribeUrl(reader.id))}`;
    const headers = mail!.raw
      .split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, " ")
      .split(/\r?\n/);
    expect(headers).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail!.text).toContain(`Turn the digest off: ${unsubscribe}`);
  });

  it("sends nothing when nothing is new, and next time only what came after the last digest", async () => {
    const reader = await registerUser();
    expect(await askNow(reader)).toMatchObject({ status: 202, body: { status: "empty", email_count: 0 } });
    expect(await digestsTo(reader)).toEqual([]);

    await seedEmail(reader.id, { subject: "Before the first digest" });
    expect((await askNow(reader)).body).toEqual({ status: "queued", email_count: 1 });
    expect((await askNow(reader)).body).toEqual({ status: "empty", email_count: 0 });
    expect(await digestsTo(reader)).toHaveLength(1);

    await seedEmail(reader.id, { subject: "After the first digest" });
    expect((await askNow(reader)).body).toEqual({ status: "queued", email_count: 1 });
    const [, latest] = await digestsTo(reader);
    expect(latest!.subject).toBe("Your Paperboy digest: 1 new issue");
    expect(latest!.text).toContain("After the first digest");
    expect(latest!.text).not.toContain("Before the first digest");
  });

  it("names the reader in no log line", async () => {
    const reader = await registerUser();
    await save(reader, { frequency: "daily", hour: 7, timezone: "Europe/Paris" });
    await seedEmail(reader.id, { subject: "Logged nowhere" });
    const lines = [vi.spyOn(logger, "info"), vi.spyOn(logger, "warn"), vi.spyOn(logger, "error")];
    for (const spy of lines) spy.mockImplementation(() => {});
    await askNow(reader);
    await seedEmail(reader.id, { subject: "Logged nowhere either" });
    await runDigestTick(new Date("2031-01-06T06:10:00Z"));
    expect(await digestsTo(reader)).toHaveLength(2);
    const logged = JSON.stringify(lines.map((spy) => spy.mock.calls));
    expect(logged).toContain("Outbound mail written");
    for (const secret of [reader.email, "Logged nowhere", tokenOf(unsubscribeUrl(reader.id))]) expect(logged).not.toContain(secret);
  });
});

describe("the digest's schedule", () => {
  it("a worker's tick sends the digest in the reader's local hour, once per period", async () => {
    const reader = await registerUser();
    await save(reader, { frequency: "daily", hour: 9, timezone: "Asia/Kolkata" });
    await seedEmail(reader.id, { subject: "Morning read" });
    // 09:10 in Kolkata is 03:40 UTC.
    await runDigestTick(new Date("2030-11-27T02:40:00Z"));
    expect(await digestsTo(reader)).toEqual([]);
    await runDigestTick(new Date("2030-11-27T03:40:00Z"));
    await runDigestTick(new Date("2030-11-27T03:41:00Z"));
    const sent = await digestsTo(reader);
    expect(sent.map((mail) => mail.subject)).toEqual(["Your Paperboy digest: 1 new issue"]);
    expect(sent[0]!.text).toContain("You get this digest every day at 09:00 (Asia/Kolkata).");
    const periods = await getDb()
      .select({ period: digestSend.period, status: digestSend.status })
      .from(digestSend)
      .where(eq(digestSend.userId, reader.id));
    expect(periods).toEqual([{ period: "daily:2030-11-27", status: "sent" }]);

    // The next day's hour, with nothing new: claimed, empty, no mail.
    await runDigestTick(new Date("2030-11-28T03:40:00Z"));
    expect(await digestsTo(reader)).toHaveLength(1);
    expect(await getDb().select({ status: digestSend.status }).from(digestSend).where(eq(digestSend.userId, reader.id))).toContainEqual({
      status: "empty",
    });
  });

  it("a weekly digest waits for the reader's weekday, across a DST change", async () => {
    const reader = await registerUser();
    // Sundays at 02:00 in New York; Sunday 10 March 2030 skips 02:00-03:00.
    await save(reader, { frequency: "weekly", weekday: 0, hour: 2, timezone: "America/New_York" });
    await seedEmail(reader.id, { subject: "Weekend letter" });
    await runDigestTick(new Date("2030-03-09T07:10:00Z")); // Saturday 02:10 EST
    await runDigestTick(new Date("2030-03-10T06:30:00Z")); // Sunday 01:30 EST: 02:00 is skipped this day
    expect(await digestsTo(reader)).toEqual([]);
    await runDigestTick(new Date("2030-03-10T07:05:00Z")); // Sunday 03:05 EDT, the hour after the skipped one
    const [mail, ...others] = await digestsTo(reader);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe("Your weekly Paperboy digest: 1 new issue");
    expect(mail!.text).toContain("You get this digest every Sunday at 02:00 (America/New_York).");
  });

  it("ticks racing on one database send one digest per reader and period", async () => {
    const reader = await registerUser();
    await save(reader, { frequency: "daily", hour: 7, timezone: "Europe/Paris" });
    await seedEmail(reader.id, { subject: "Raced for" });
    const at = new Date("2030-12-02T06:05:00Z");
    await Promise.all(Array.from({ length: 6 }, () => runDigestTick(at)));
    const claims = await getDb().select({ period: digestSend.period }).from(digestSend).where(eq(digestSend.userId, reader.id));
    expect(claims).toEqual([{ period: "daily:2030-12-02" }]);
    expect(await digestsTo(reader)).toHaveLength(1);
  });

  it("a claim left queued by a process that died is taken over after 5 minutes, and not before", async () => {
    const reader = await registerUser();
    await save(reader, { frequency: "daily", hour: 7, timezone: "UTC" });
    await seedEmail(reader.id, { subject: "Claimed, never sent" });
    const at = new Date("2030-12-04T07:05:00Z");
    const [claim] = await getDb().insert(digestSend).values({ userId: reader.id, period: "daily:2030-12-04" }).returning();
    await runDigestTick(at);
    expect(await digestsTo(reader)).toEqual([]);
    await getDb()
      .update(digestSend)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(digestSend.id, claim!.id));
    await Promise.all([runDigestTick(at), runDigestTick(at)]);
    expect(await digestsTo(reader)).toHaveLength(1);
    const rows = await getDb()
      .select({ id: digestSend.id, status: digestSend.status })
      .from(digestSend)
      .where(eq(digestSend.userId, reader.id));
    expect(rows).toEqual([{ id: claim!.id, status: "sent" }]);
  });

  it("an off digest, or a disabled account's, is never sent by the tick", async () => {
    const reader = await registerUser();
    const disabled = await registerUser();
    await save(reader, { frequency: "off", hour: 7, timezone: "UTC" });
    await save(disabled, { frequency: "daily", hour: 7, timezone: "UTC" });
    await getDb().update(user).set({ disabledAt: new Date() }).where(eq(user.id, disabled.id));
    for (const someone of [reader, disabled]) await seedEmail(someone.id);
    await runDigestTick(new Date("2030-12-03T07:05:00Z"));
    expect(await digestsTo(reader)).toEqual([]);
    expect(await digestsTo(disabled)).toEqual([]);
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  const oneClick = (token: string, headers: Record<string, string> = {}) =>
    call(unsubscribePost, `/api/digest/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });

  it("a POST to the mail's link turns the digest off without a session, from a mail client of any origin", async () => {
    const reader = await registerUser();
    await save(reader, { frequency: "daily", hour: 7, timezone: "Europe/Paris" });
    const token = tokenOf(unsubscribeUrl(reader.id));
    const result = await oneClick(token, { origin: "https://mail.example" });
    expect(result).toMatchObject({ status: 200, body: { frequency: "off" } });
    expect((await settings(reader)).body).toMatchObject({ frequency: "off", hour: 7, timezone: "Europe/Paris" });
    // Again: still off, still fine.
    expect((await oneClick(token)).status).toBe(200);
  });

  it("a GET only leads to the page that offers it, changing nothing", async () => {
    const reader = await registerUser();
    await save(reader, { frequency: "weekly" });
    const token = tokenOf(unsubscribeUrl(reader.id));
    const result = await call(unsubscribeGet, `/api/digest/unsubscribe?token=${token}`);
    expect(result.status).toBe(303);
    expect(result.headers.get("location")).toBe(`/digest/unsubscribe?token=${token}`);
    expect((await settings(reader)).body).toMatchObject({ frequency: "weekly" });
  });

  it("refuses a token made for another reader, or altered, or missing, and leaves every digest on", async () => {
    const reader = await registerUser();
    const other = await registerUser();
    await save(reader, { frequency: "daily" });
    await save(other, { frequency: "daily" });
    const mine = Buffer.from(tokenOf(unsubscribeUrl(reader.id)), "base64url");
    const theirs = Buffer.from(tokenOf(unsubscribeUrl(other.id)), "base64url");
    // The other reader's id under this reader's signature, and the reverse.
    const swapped = [Buffer.concat([theirs.subarray(0, 4), mine.subarray(4)]), Buffer.concat([mine.subarray(0, 4), theirs.subarray(4)])];
    for (const token of [...swapped.map((bytes) => bytes.toString("base64url")), "", "not-a-token", `${mine.toString("base64url")}x`]) {
      const result = await oneClick(token);
      expect({ status: result.status, body: result.body }).toEqual({
        status: 404,
        body: { detail: "This link is not valid. Open Settings to change your digest." },
      });
    }
    expect((await settings(reader)).body).toMatchObject({ frequency: "daily" });
    expect((await settings(other)).body).toMatchObject({ frequency: "daily" });
  });
});
