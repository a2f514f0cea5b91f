// First: it sets the inbound secret before lib/env is read.
import { deliver, mail, uniqueSender } from "./inbound-support";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as sendToKindle } from "@/app/api/issues/[emailId]/send-to-kindle/route";
import { GET as getKindle, PUT as putKindle, POST as postKindle } from "@/app/api/users/me/kindle/route";
import { GET as listSends } from "@/app/api/users/me/kindle/sends/route";
import { POST as sendTest } from "@/app/api/users/me/kindle/test/route";
import { env } from "@/lib/env";
import { sendToKindleJob } from "@/lib/kindle/job";
import { KINDLE_RETRIES } from "@/lib/kindle/service";
import { runDueJobs } from "@/lib/worker/testing";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { readZip } from "../support/zip";

useDatabase();

let relay: SMTPServer;
let relayPort: number;
const received: { to: string[]; mail: ParsedMail }[] = [];
let refuse = false;

beforeAll(async () => {
  relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    size: 30 * 1024 * 1024,
    onData(stream, session, callback) {
      void simpleParser(stream).then((parsed) => {
        if (refuse) return callback(Object.assign(new Error("Mailbox full"), { responseCode: 452 }));
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail: parsed });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  relayPort = (relay.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => relay.close(resolve)));
afterEach(() => {
  env.SMTP_URL = undefined;
  refuse = false;
  received.length = 0;
});

async function issue(reader: TestUser, subject: string): Promise<number> {
  const html = "<p>A long enough body for an issue of a newsletter, read on an e-reader this time.</p>";
  const delivered = await deliver(mail({ to: reader.unique_email, from: `Kindle Weekly <${uniqueSender()}>`, subject, html }));
  return (delivered.body as { emails: number[] }).emails[0]!;
}

const setAddress = (reader: TestUser, address: unknown) =>
  call(putKindle, "/api/users/me/kindle", { method: "PUT", cookie: reader.cookie, body: { address } });

describe("PUT and GET /api/users/me/kindle", () => {
  it("keeps the address and names the sender to approve at Amazon; null removes it", async () => {
    const reader = await registerUser();
    expect(await call(getKindle, "/api/users/me/kindle", { cookie: reader.cookie })).toMatchObject({
      status: 200,
      body: { address: null, sender: "noreply@paperboy.localhost" },
    });
    expect(await setAddress(reader, " Jane_42@Kindle.com ")).toMatchObject({
      status: 200,
      body: { address: "jane_42@kindle.com", sender: "noreply@paperboy.localhost" },
    });
    expect((await call(getKindle, "/api/users/me/kindle", { cookie: reader.cookie })).body).toMatchObject({
      address: "jane_42@kindle.com",
    });
    expect((await setAddress(reader, null)).body).toEqual({ address: null, sender: "noreply@paperboy.localhost" });
    expect((await call(getKindle, "/api/users/me/kindle", { cookie: reader.cookie })).body).toMatchObject({ address: null });
  });

  it("refuses what is not an address (422), a body without one (422), malformed JSON (400), no session (401), POST (405)", async () => {
    const reader = await registerUser();
    const invalid = await setAddress(reader, "not an address");
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({
      errors: [{ field: "address", message: "Enter the e-mail address of your Kindle (it ends in @kindle.com)." }],
    });
    expect((await call(putKindle, "/api/users/me/kindle", { method: "PUT", cookie: reader.cookie, body: {} })).status).toBe(422);
    expect((await call(putKindle, "/api/users/me/kindle", { method: "PUT", cookie: reader.cookie, rawBody: "{" })).status).toBe(400);
    expect((await call(putKindle, "/api/users/me/kindle", { method: "PUT", body: { address: null } })).status).toBe(401);
    expect((await call(postKindle, "/api/users/me/kindle", { method: "POST", cookie: reader.cookie })).status).toBe(405);
  });
});

describe("POST /api/issues/{id}/send-to-kindle", () => {
  it("answers 202 and a job mails the issue's EPUB through the relay, the send listed as sent", async () => {
    env.SMTP_URL = `smtp://127.0.0.1:${relayPort}`;
    const reader = await registerUser();
    await setAddress(reader, "jane@kindle.com");
    const id = await issue(reader, "For the e-reader");
    const answer = await call(sendToKindle, `/api/issues/${id}/send-to-kindle`, {
      method: "POST",
      cookie: reader.cookie,
      params: { emailId: String(id) },
    });
    expect(answer).toMatchObject({ status: 202, body: { email_id: id, title: "For the e-reader", status: "queued" } });
    await runDueJobs();
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.to).toEqual(["jane@kindle.com"]);
    expect(message!.mail.subject).toBe("For the e-reader");
    const [attachment] = message!.mail.attachments;
    expect(attachment).toMatchObject({ filename: "For-the-e-reader.epub", contentType: "application/epub+zip" });
    const entries = await readZip(attachment!.content);
    expect(entries[0]).toMatchObject({ name: "mimetype", stored: true });
    expect(entries.find((entry) => entry.name === "OEBPS/chapter1.xhtml")?.data.toString()).toContain("<h1>For the e-reader</h1>");
    const sends = await call(listSends, "/api/users/me/kindle/sends", { cookie: reader.cookie });
    expect(sends.body).toMatchObject({
      items: [{ email_id: id, title: "For the e-reader", status: "sent", detail: null, bytes: attachment!.size }],
    });
  });

  it("keeps the send queued with a reason while the relay refuses, and retries", async () => {
    env.SMTP_URL = `smtp://127.0.0.1:${relayPort}`;
    refuse = true;
    const reader = await registerUser();
    await setAddress(reader, "jane@kindle.com");
    const id = await issue(reader, "Refused at first");
    await call(sendToKindle, `/api/issues/${id}/send-to-kindle`, {
      method: "POST",
      cookie: reader.cookie,
      params: { emailId: String(id) },
    });
    await runDueJobs();
    const sends = await call(listSends, "/api/users/me/kindle/sends", { cookie: reader.cookie });
    expect(sends.body).toMatchObject({ items: [{ status: "queued", detail: "The book could not be sent yet; trying again." }] });
  });

  it("marks the send failed after its last attempt, and at once when the address was removed before it ran", async () => {
    env.SMTP_URL = `smtp://127.0.0.1:${relayPort}`;
    refuse = true;
    const reader = await registerUser();
    await setAddress(reader, "jane@kindle.com");
    const id = await issue(reader, "Never accepted");
    const send = await call(sendToKindle, `/api/issues/${id}/send-to-kindle`, {
      method: "POST",
      cookie: reader.cookie,
      params: { emailId: String(id) },
    });
    const job = { userId: reader.id, sendId: (send.body as { id: number }).id };
    // Each attempt as the queue would run it, the retry delays aside.
    for (let attempt = 0; attempt <= KINDLE_RETRIES.retryLimit; attempt++)
      await expect(sendToKindleJob(job)).rejects.toThrow("Send to Kindle failed");
    const sends = await call(listSends, "/api/users/me/kindle/sends", { cookie: reader.cookie });
    expect(sends.body).toMatchObject({ items: [{ status: "failed", detail: "The book could not be sent." }] });

    refuse = false;
    const again = await call(sendToKindle, `/api/issues/${id}/send-to-kindle`, {
      method: "POST",
      cookie: reader.cookie,
      params: { emailId: String(id) },
    });
    await setAddress(reader, null);
    await expect(sendToKindleJob({ userId: reader.id, sendId: (again.body as { id: number }).id })).rejects.toThrow("No Kindle address");
    const after = await call(listSends, "/api/users/me/kindle/sends", { cookie: reader.cookie });
    expect((after.body as { items: unknown[] }).items[0]).toMatchObject({
      status: "failed",
      detail: "The Kindle address was removed before the book was sent.",
    });
    expect(received).toHaveLength(0);
  });

  it("is 409 with a detail without an address, 404 for another reader's issue, 401 without a session, 405 for GET", async () => {
    const reader = await registerUser();
    const stranger = await registerUser();
    await setAddress(stranger, "stranger@kindle.com");
    const id = await issue(reader, "Mine alone");
    const path = `/api/issues/${id}/send-to-kindle`;
    const params = { emailId: String(id) };
    expect(await call(sendToKindle, path, { method: "POST", cookie: reader.cookie, params })).toMatchObject({
      status: 409,
      body: { detail: "Add your Kindle address in Settings first." },
    });
    expect(await call(sendToKindle, path, { method: "POST", cookie: stranger.cookie, params })).toMatchObject({
      status: 404,
      body: { detail: "Email not found" },
    });
    expect((await call(sendToKindle, path, { method: "POST", params })).status).toBe(401);
    const { GET } = await import("@/app/api/issues/[emailId]/send-to-kindle/route");
    expect((await call(GET, path, { cookie: reader.cookie, params })).status).toBe(405);
    expect((await call(listSends, "/api/users/me/kindle/sends", { cookie: reader.cookie })).body).toEqual({ items: [] });
  });
});

describe("POST /api/users/me/kindle/test", () => {
  it("mails a small test book; without SMTP_URL it is written to the outbox, and 409 without an address", async () => {
    const reader = await registerUser();
    expect(await call(sendTest, "/api/users/me/kindle/test", { method: "POST", cookie: reader.cookie })).toMatchObject({
      status: 409,
      body: { detail: "Add your Kindle address in Settings first." },
    });
    await setAddress(reader, "tester@kindle.com");
    const answer = await call(sendTest, "/api/users/me/kindle/test", { method: "POST", cookie: reader.cookie });
    expect(answer).toMatchObject({ status: 202, body: { email_id: null, title: "Paperboy test", status: "queued" } });
    await runDueJobs();
    const { listOutbox } = await import("@/lib/outbound/outbox");
    const written = (await listOutbox()).filter((message) => message.to === "tester@kindle.com");
    expect(written.at(-1)).toMatchObject({ subject: "Paperboy test" });
    const sends = await call(listSends, "/api/users/me/kindle/sends", { cookie: reader.cookie });
    expect(sends.body).toMatchObject({ items: [{ title: "Paperboy test", status: "sent" }] });
  });
});
