// First: it sets the inbound secret the environment is read with.
import { deliver, mail, uniqueSender } from "./inbound-support";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { delivery, email } from "@/db/schema";
import { listOutbox } from "@/lib/outbound/outbox";
import { runDueJobs } from "@/lib/worker/testing";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";

useDatabase();

const { GET: getFeed } = await import("@/app/api/issues/feed/route");
const { GET: getDeliveries } = await import("@/app/api/users/me/deliveries/route");
const { GET: getPersonalMail, PUT: putPersonalMail } = await import("@/app/api/users/me/personal-mail/route");
const { GET: getSenderChoices, PUT: putSenderChoice } = await import("@/app/api/users/me/sender-choices/route");

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/mail", name), "utf8");

/** A sign-in code from a service to the reader's Paperboy address, from its own sender. */
function signInCode(reader: TestUser, sender = uniqueSender()): string {
  return fixture("transactional-sign-in-code.eml")
    .replace("reader@paperboy.localhost", reader.unique_email)
    .replace("no-reply@accounts.acme-cloud.example", sender)
    .replace("signin-7731@", `signin-${Math.random().toString(36).slice(2)}@`);
}

const forwardsTo = async (reader: TestUser) =>
  (await listOutbox()).filter(
    (message) => String(message.headers.get("resent-to") ?? "").includes(reader.email) || message.text.includes(reader.email),
  );

async function outcomes(reader: TestUser) {
  const result = await call(getDeliveries, "/api/users/me/deliveries", { cookie: reader.cookie });
  return (result.body as { items: { outcome: string; from: string | null }[] }).items;
}

async function feedSize(reader: TestUser): Promise<number> {
  const result = await call(getFeed, "/api/issues/feed", { cookie: reader.cookie });
  expect(result.status).toBe(200);
  return (result.body as { items: unknown[] }).items.length;
}

describe("personal mail passes through to the sign-in address", () => {
  it("a sign-in code reaches the reader's sign-in address through the outbox, unchanged, and not the feed", async () => {
    const reader = await registerUser();
    const sender = uniqueSender();
    const arrived = await deliver(signInCode(reader, sender));
    expect(arrived).toMatchObject({ status: 202, body: { emails: [] } });
    await runDueJobs();

    const forwards = (await listOutbox()).filter((message) => message.to === reader.unique_email);
    expect(forwards).toHaveLength(1);
    const [forward] = forwards;
    const raw = readFileSync(forward!.file, "utf8");
    expect(raw).toMatch(new RegExp(`^Resent-To: ${reader.email.replace(/[.+]/g, "\\$&")}\\r?$`, "m"));
    expect(raw).toMatch(/^Resent-From: Paperboy <noreply@paperboy\.localhost>\r?$/m);
    expect(raw).toMatch(/^X-Paperboy-Passed-Through: paperboy\.localhost\r?$/m);
    // The original From (and with it every reply) stays the sender's; the code is there as it was sent.
    expect(forward!.from).toBe(`"Acme Cloud" <${sender}>`);
    expect(forward!.text).toContain("Your verification code is 482913");

    expect(await feedSize(reader)).toBe(0);
    expect(await getDb().select().from(email).where(eq(email.userId, reader.id))).toEqual([]);
    expect(await outcomes(reader)).toEqual([expect.objectContaining({ outcome: "passed_through", from: sender })]);
  });

  it("a newsletter beside it is filed as before, and nothing of it is forwarded", async () => {
    const reader = await registerUser();
    const arrived = await deliver(
      mail({ to: reader.unique_email, from: uniqueSender(), extra: ["List-Unsubscribe: <mailto:leave@list.example>"] }),
    );
    expect((arrived.body as { emails: number[] }).emails).toHaveLength(1);
    await runDueJobs();
    expect(await forwardsTo(reader)).toEqual([]);
    expect(await feedSize(reader)).toBe(1);
  });

  it("a retried filing forwards nothing twice and files nothing", async () => {
    const reader = await registerUser();
    const arrived = await deliver(signInCode(reader));
    const { prepareAndFileStored } = await import("@/lib/mail/service");
    const { inboundMessage } = await import("@/db/schema");
    const [row] = await getDb()
      .select()
      .from(inboundMessage)
      .where(eq(inboundMessage.id, (arrived.body as { message_id: number }).message_id));
    expect(await prepareAndFileStored(row!)).toBe(true);
    await runDueJobs();
    expect((await listOutbox()).filter((message) => message.to === reader.unique_email)).toHaveLength(1);
    expect(await feedSize(reader)).toBe(0);
  });

  it("a forward of ours that comes back is stopped: not forwarded again, not filed", async () => {
    const reader = await registerUser();
    const looped = `X-Paperboy-Passed-Through: paperboy.localhost\r\n${signInCode(reader)}`;
    const arrived = await deliver(looped);
    expect(arrived).toMatchObject({ status: 202, body: { emails: [] } });
    await runDueJobs();
    expect((await listOutbox()).filter((message) => message.to === reader.unique_email)).toEqual([]);
    expect(await feedSize(reader)).toBe(0);
    expect((await outcomes(reader)).map((item) => item.outcome)).toEqual(["looped"]);
  });

  it("so does mail that has travelled more hops than any honest path", async () => {
    const reader = await registerUser();
    const hops = Array.from({ length: 31 }, (_, hop) => `Received: from hop${hop}.example by hop${hop + 1}.example`).join("\r\n");
    await deliver(`${hops}\r\n${mail({ to: reader.unique_email, from: uniqueSender() })}`);
    expect((await outcomes(reader)).map((item) => item.outcome)).toEqual(["looped"]);
  });
});

describe("the reader's choices", () => {
  it("with forwarding off, personal mail is filed as before", async () => {
    const reader = await registerUser();
    expect((await call(getPersonalMail, "/api/users/me/personal-mail", { cookie: reader.cookie })).body).toEqual({
      forward_personal: true,
    });
    const saved = await call(putPersonalMail, "/api/users/me/personal-mail", {
      method: "PUT",
      cookie: reader.cookie,
      body: { forward_personal: false },
    });
    expect(saved).toMatchObject({ status: 200, body: { forward_personal: false } });
    expect((await call(getPersonalMail, "/api/users/me/personal-mail", { cookie: reader.cookie })).body).toEqual({
      forward_personal: false,
    });
    await deliver(signInCode(reader));
    await runDueJobs();
    expect(await forwardsTo(reader)).toEqual([]);
    expect(await feedSize(reader)).toBe(1);
  });

  it("a sender treated as newsletter is filed; one always forwarded is passed through even when it is a newsletter", async () => {
    const reader = await registerUser();
    const service = uniqueSender();
    const letter = uniqueSender();
    const choose = (sender: string, choice: string | null) =>
      call(putSenderChoice, "/api/users/me/sender-choices", {
        method: "PUT",
        cookie: reader.cookie,
        body: { sender: sender.toUpperCase(), choice },
      });
    expect(await choose(service, "newsletter")).toMatchObject({ status: 200, body: { sender: service, choice: "newsletter" } });
    expect((await choose(letter, "forward")).status).toBe(200);
    expect((await call(getSenderChoices, "/api/users/me/sender-choices", { cookie: reader.cookie })).body).toEqual({
      items: [
        { sender: service, choice: "newsletter" },
        { sender: letter, choice: "forward" },
      ].sort((a, b) => a.sender.localeCompare(b.sender)),
    });

    await deliver(signInCode(reader, service));
    await deliver(mail({ to: reader.unique_email, from: letter, extra: ["List-Id: <weekly.letters.example>"] }));
    await runDueJobs();
    const byOutcome = Object.fromEntries((await outcomes(reader)).map((item) => [item.from, item.outcome]));
    expect(byOutcome).toEqual({ [service]: "filed", [letter]: "passed_through" });

    expect(await choose(letter, null)).toMatchObject({ status: 200, body: { sender: letter, choice: null } });
    expect((await call(getSenderChoices, "/api/users/me/sender-choices", { cookie: reader.cookie })).body).toEqual({
      items: [{ sender: service, choice: "newsletter" }],
    });
  });

  it("one reader's choice is theirs alone: another reader of the same message keeps the default", async () => {
    const [chooser, other] = [await registerUser(), await registerUser()];
    const sender = uniqueSender();
    await call(putSenderChoice, "/api/users/me/sender-choices", {
      method: "PUT",
      cookie: chooser.cookie,
      body: { sender, choice: "newsletter" },
    });
    await deliver(signInCode(chooser, sender).replace(`To: ${chooser.unique_email}`, `To: ${chooser.unique_email}, ${other.unique_email}`));
    const rows = await getDb()
      .select()
      .from(delivery)
      .where(and(eq(delivery.sender, sender)));
    expect(Object.fromEntries(rows.map((row) => [row.userId, row.outcome]))).toEqual({
      [chooser.id]: "filed",
      [other.id]: "passed_through",
    });
  });

  it("answers 401 without a session, 400 for bad input", async () => {
    expect((await call(getPersonalMail, "/api/users/me/personal-mail")).status).toBe(401);
    expect((await call(getSenderChoices, "/api/users/me/sender-choices")).status).toBe(401);
    const reader = await registerUser();
    for (const body of [{}, { forward_personal: "yes" }]) {
      const result = await call(putPersonalMail, "/api/users/me/personal-mail", { method: "PUT", cookie: reader.cookie, body });
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.body).toMatchObject({ detail: expect.any(String) });
    }
    for (const body of [
      { sender: "not an address", choice: "forward" },
      { sender: "a@b.example", choice: "sometimes" },
      { choice: "forward" },
    ]) {
      const result = await call(putSenderChoice, "/api/users/me/sender-choices", { method: "PUT", cookie: reader.cookie, body });
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.body).toMatchObject({ detail: expect.any(String) });
    }
  });
});
