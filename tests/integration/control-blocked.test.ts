import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { deliver, mail, startSmtpReceiver, uniqueSender, type SmtpReceiver } from "./inbound-support";

useDatabase();

// Imported once inbound-support has configured the inbound secret the environment is read with.
const { GET: getFeed } = await import("@/app/api/issues/feed/route");
const { DELETE: unblock } = await import("@/app/api/users/me/blocked-senders/[blockedSenderId]/route");
const { GET: listBlocked, POST: block } = await import("@/app/api/users/me/blocked-senders/route");

type Entry = { id: number; sender: string; created_at: string };

const add = (user: TestUser, sender: unknown) =>
  call(block, "/api/users/me/blocked-senders", { method: "POST", cookie: user.cookie, body: { sender } });
const list = async (user: TestUser) =>
  ((await call(listBlocked, "/api/users/me/blocked-senders", { cookie: user.cookie })).body as { items: Entry[] }).items;
const remove = (user: TestUser, id: number) =>
  call(unblock, `/api/users/me/blocked-senders/${id}`, { method: "DELETE", cookie: user.cookie, params: { blockedSenderId: String(id) } });
const feedTotal = async (user: TestUser) =>
  ((await call(getFeed, "/api/issues/feed", { cookie: user.cookie })).body as { total_items: number }).total_items;

describe("/api/users/me/blocked-senders", () => {
  it("adds an address and a domain in lower case, lists them newest first, and removes one", async () => {
    const user = await registerUser();
    const address = await add(user, "  News@Example.ORG ");
    expect(address).toMatchObject({
      status: 201,
      body: { id: expect.any(Number), sender: "news@example.org", created_at: expect.any(String) },
    });
    const domain = await add(user, "@Spam.Example.com");
    expect(domain.body).toMatchObject({ sender: "@spam.example.com" });
    expect((await list(user)).map((entry) => entry.sender)).toEqual(["@spam.example.com", "news@example.org"]);
    expect((await remove(user, (address.body as Entry).id)).status).toBe(204);
    expect((await list(user)).map((entry) => entry.sender)).toEqual(["@spam.example.com"]);
  });

  it("refuses a malformed sender with 422, a duplicate with 409, and another reader's entry with 404", async () => {
    const user = await registerUser();
    for (const sender of ["not an address", "example.org", "news@", "", 42]) {
      expect(await add(user, sender), String(sender)).toMatchObject({
        status: 422,
        body: { detail: expect.any(String), errors: [{ field: "sender" }] },
      });
    }
    expect((await add(user, "news@example.org")).status).toBe(201);
    expect(await add(user, "NEWS@example.org")).toMatchObject({ status: 409, body: { detail: expect.any(String) } });
    const other = await registerUser();
    const theirs = (await add(other, "news@example.org")).body as Entry;
    expect((await remove(user, theirs.id)).status).toBe(404);
    expect((await list(other)).map((entry) => entry.id)).toEqual([theirs.id]);
    expect(await list(user)).toHaveLength(1);
    expect((await remove(user, 2_000_000_000)).status).toBe(404);
    expect((await call(listBlocked, "/api/users/me/blocked-senders")).status).toBe(401);
  });
});

describe("mail from a blocked sender", () => {
  it("is answered 202 as delivered, never filed for the blocker, and still filed for another recipient", async () => {
    const blocker = await registerUser();
    const other = await registerUser();
    const sender = uniqueSender();
    await add(blocker, sender.toUpperCase());
    const result = await deliver(mail({ to: `${blocker.unique_email}, ${other.unique_email}`, from: `Blocked News <${sender}>` }));
    expect(result.status).toBe(202);
    expect((result.body as { emails: number[] }).emails).toHaveLength(1);
    expect(await feedTotal(blocker)).toBe(0);
    expect(await feedTotal(other)).toBe(1);
  });

  it("blocks a whole domain, its subdomains and +tags, and files again once unblocked", async () => {
    const user = await registerUser();
    const domain = `letters-${randomBytes(4).toString("hex")}.example.org`;
    const entry = (await add(user, `@${domain}`)).body as Entry;
    expect((await deliver(mail({ to: user.unique_email, from: `news+weekly@mail.${domain}` }))).status).toBe(202);
    expect(await feedTotal(user)).toBe(0);
    await remove(user, entry.id);
    expect((await deliver(mail({ to: user.unique_email, from: `news@${domain}` }))).status).toBe(202);
    expect(await feedTotal(user)).toBe(1);
  });

  it("blocks a forward by its original sender, the newsletter's", async () => {
    const user = await registerUser();
    await add(user, "blog@tomtunguz.com");
    const forward = readFileSync(path.join(import.meta.dirname, "../fixtures/mail/fwd-gmail.eml"), "utf8")
      .replace("reader@paperboy.localhost", user.unique_email)
      .replace("<fwd-gmail.eml@mail.gmail.com>", `<${randomBytes(6).toString("hex")}@gmail.com>`);
    expect((await deliver(forward)).status).toBe(202);
    expect(await feedTotal(user)).toBe(0);
  });
});

describe("mail from a blocked sender over SMTP", () => {
  let receiver: SmtpReceiver;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
  });
  afterAll(() => receiver.close());
  const session = (commands: string[]) => receiver.session(commands);

  it("answers 250 as for any delivery, and files nothing for the blocker", async () => {
    const user = await registerUser();
    const sender = uniqueSender();
    await add(user, sender);
    const body = mail({ to: user.unique_email, from: sender }).replace(/^\./gm, "..");
    const codes = await session([
      "EHLO sender.example",
      `MAIL FROM:<${sender}>`,
      `RCPT TO:<${user.unique_email}>`,
      "DATA",
      `${body}\r\n.`,
      "QUIT",
    ]);
    expect(codes).toEqual([220, 250, 250, 250, 354, 250, 221]);
    expect(await feedTotal(user)).toBe(0);
  });
});
