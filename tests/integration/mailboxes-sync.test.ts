// Sets the inbound secret and a 1 MB MAX_MESSAGE_BYTES before lib/env is first read.
import "./inbound-support";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { allowFetchTo } from "../support/local-server";
import { registerUser, useDatabase, type TestUser } from "../support/api";
import { dovecotInstalled, startDovecot, type Dovecot } from "../support/dovecot";
import { daysAgo } from "../support/seed";
import { deliver, mail } from "./inbound-support";
import {
  connect,
  imapUser,
  list,
  newsletterMail,
  patch,
  personalMail,
  settingsFor,
  syncNow,
  until,
  type MailboxBody,
} from "./mailboxes-support";

useDatabase();

let dovecot: Dovecot;
let watcher: { stop(): Promise<void> } | undefined;
const undo: (() => void)[] = [];

beforeAll(async () => {
  dovecot = await startDovecot();
  undo.push(allowFetchTo(dovecot.allowHost));
  const { startMailboxWatcher } = await import("@/lib/mailboxes/watcher");
  watcher = startMailboxWatcher({ tickMs: 300, leaseSeconds: 5, retryBaseSeconds: 1, pollSeconds: 2 });
});
afterAll(async () => {
  await watcher?.stop();
  for (const step of undo.splice(0).reverse()) step();
  await dovecot?.close();
});
afterEach(async () => {
  // A test that stopped the server leaves it running for the next.
  await dovecot.start();
});

async function emailsOf(userId: number) {
  const { getDb } = await import("@/db/client");
  const { email } = await import("@/db/schema");
  return getDb()
    .select({ id: email.id, subject: email.subject, date: email.dateReceived })
    .from(email)
    .where(eq(email.userId, userId))
    .orderBy(email.dateReceived);
}

async function mailboxOf(reader: TestUser): Promise<MailboxBody> {
  return ((await list(reader)).body as { items: MailboxBody[] }).items[0];
}

function idleWith(check: (mailbox: MailboxBody) => boolean = () => true) {
  return (mailbox: MailboxBody) => mailbox.status === "idle" && check(mailbox);
}

describe.skipIf(!dovecotInstalled())("connected mailboxes: syncing and watching", () => {
  it("files the newsletters since `since` with their own dates, skips personal mail, then files new mail within 10 s over IDLE", async () => {
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    const recent = daysAgo(5);
    recent.setUTCMilliseconds(0);
    await dovecot.append(user, [newsletterMail("Recent letter", { date: recent.toUTCString() })], { date: recent });
    await dovecot.append(user, [newsletterMail("Old letter", { date: daysAgo(400).toUTCString() })], { date: daysAgo(400) });
    await dovecot.append(user, [personalMail("Sunday lunch")], { date: daysAgo(2) });
    const created = await connect(reader, settingsFor(dovecot, user, { since: daysAgo(30).toISOString().slice(0, 10) }));
    expect(created.status).toBe(201);

    const synced = await until(() => mailboxOf(reader), idleWith());
    expect(synced).toMatchObject({ status: "idle", total: 2, processed: 2, filed: 1, skipped: 1, failed: 0, last_error: null });
    expect(synced.last_synced_at).toEqual(expect.any(String));
    expect(await emailsOf(reader.id)).toEqual([{ id: expect.any(Number), subject: "Recent letter", date: recent }]);

    const appended = Date.now();
    await dovecot.append(user, [newsletterMail("Fresh off the press")]);
    const fresh = await until(
      () => emailsOf(reader.id),
      (emails) => emails.length === 2,
      10_000,
    );
    expect(Date.now() - appended).toBeLessThan(10_000);
    expect(fresh.map((email) => email.subject)).toEqual(["Recent letter", "Fresh off the press"]);
    expect(
      await until(
        () => mailboxOf(reader),
        idleWith((mailbox) => mailbox.processed === 3),
      ),
    ).toMatchObject({ total: 3, filed: 2 });
  }, 40_000);

  it("files a newsletter that also came by webhook once, whichever came first", async () => {
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    const messageId = `<${randomUUID()}@letters.example.org>`;
    const copy = mail({
      to: reader.unique_email,
      from: "Weekly Letters <news@weekly-letters.example.org>",
      subject: "Both ways",
      messageId,
      date: new Date().toUTCString(),
      extra: ["List-Id: <weekly.letters.example.org>"],
    });
    expect((await deliver(copy)).status).toBe(202);
    await dovecot.append(user, [copy]);
    await connect(reader, settingsFor(dovecot, user));
    expect(await until(() => mailboxOf(reader), idleWith())).toMatchObject({ processed: 1, filed: 0, skipped: 1 });
    expect((await emailsOf(reader.id)).map((email) => email.subject)).toEqual(["Both ways"]);
  }, 30_000);

  it("skips and counts a message larger than MAX_MESSAGE_BYTES, and goes on", async () => {
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    const big = newsletterMail("Huge letter").replace("</p>", `${"x".repeat(1_200_000)}</p>`);
    await dovecot.append(user, [big, newsletterMail("Small letter")]);
    await connect(reader, settingsFor(dovecot, user));
    expect(await until(() => mailboxOf(reader), idleWith())).toMatchObject({ total: 2, processed: 2, filed: 1, skipped: 1 });
    expect((await emailsOf(reader.id)).map((email) => email.subject)).toEqual(["Small letter"]);
  }, 30_000);

  it("marks filed newsletters read when asked, and leaves personal mail unread", async () => {
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    await dovecot.append(user, [newsletterMail("To be read"), personalMail("Not yours to read")]);
    await connect(reader, settingsFor(dovecot, user, { after_filing: "mark_read" }));
    await until(() => mailboxOf(reader), idleWith());
    const imap = await dovecot.client(user);
    await imap.mailboxOpen("INBOX", { readOnly: true });
    const flags = await imap.fetchAll("1:*", { envelope: true, flags: true });
    await imap.logout();
    expect(flags.map((message) => [message.envelope?.subject, message.flags?.has("\\Seen")])).toEqual([
      ["To be read", true],
      ["Not yours to read", false],
    ]);
  }, 30_000);

  it("leaves the mailbox unchanged by default: nothing is marked read", async () => {
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    await dovecot.append(user, [newsletterMail("Left alone")]);
    await connect(reader, settingsFor(dovecot, user));
    expect(await until(() => mailboxOf(reader), idleWith())).toMatchObject({ filed: 1 });
    const imap = await dovecot.client(user);
    await imap.mailboxOpen("INBOX", { readOnly: true });
    const [message] = await imap.fetchAll("1:*", { flags: true });
    await imap.logout();
    expect(message.flags?.has("\\Seen")).toBe(false);
  }, 30_000);

  it("moves filed newsletters to move_to, making the folder when missing", async () => {
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    await dovecot.append(user, [newsletterMail("Moving out"), personalMail("Staying home")]);
    await connect(reader, settingsFor(dovecot, user, { after_filing: "move", move_to: "Newsletters" }));
    expect(await until(() => mailboxOf(reader), idleWith())).toMatchObject({ filed: 1, skipped: 1 });
    const imap = await dovecot.client(user);
    const subjects = async (folder: string) => {
      await imap.mailboxOpen(folder, { readOnly: true });
      return (await imap.fetchAll("1:*", { envelope: true })).map((message) => message.envelope?.subject);
    };
    expect(await subjects("INBOX")).toEqual(["Staying home"]);
    expect(await subjects("Newsletters")).toEqual(["Moving out"]);
    await imap.logout();
  }, 30_000);

  it("rescans a folder whose UIDVALIDITY changed, filing what is new and nothing twice", async () => {
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    await dovecot.append(user, [newsletterMail("Before the reset")]);
    const { id } = (await connect(reader, settingsFor(dovecot, user))).body as MailboxBody;
    await until(() => mailboxOf(reader), idleWith());
    await dovecot.resetUidValidity(user.username, "INBOX", 4242);
    await dovecot.append(user, [newsletterMail("After the reset")]);
    await syncNow(reader, id);
    const after = await until(
      () => emailsOf(reader.id),
      (emails) => emails.length >= 2,
      20_000,
    );
    expect(after.map((email) => email.subject)).toEqual(["Before the reset", "After the reset"]);
    const mailbox = await until(
      () => mailboxOf(reader),
      idleWith((found) => found.processed >= 3),
    );
    expect(mailbox).toMatchObject({ filed: 2, skipped: 1 });
    const { getDb } = await import("@/db/client");
    const { mailboxFolder } = await import("@/db/schema");
    const [folder] = await getDb().select().from(mailboxFolder).where(eq(mailboxFolder.mailboxId, id));
    expect(folder).toMatchObject({ folder: "INBOX", uidValidity: 4242, lastUid: 2 });
  }, 40_000);

  it("says error when the server goes away, and goes on from the last message when it is back", async () => {
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    await dovecot.append(user, [newsletterMail("Before the outage")]);
    await connect(reader, settingsFor(dovecot, user));
    await until(() => mailboxOf(reader), idleWith());
    await dovecot.stop();
    const down = await until(
      () => mailboxOf(reader),
      (mailbox) => mailbox.status === "error",
    );
    expect(down).toMatchObject({ status: "error", last_error: expect.stringMatching(/^(Connection lost|Connection refused)/) });
    await dovecot.start();
    await dovecot.append(user, [newsletterMail("After the outage")]);
    const back = await until(
      () => mailboxOf(reader),
      idleWith((mailbox) => mailbox.processed === 2),
      20_000,
    );
    expect(back).toMatchObject({ status: "idle", last_error: null, total: 2, filed: 2 });
    expect((await emailsOf(reader.id)).map((email) => email.subject)).toEqual(["Before the outage", "After the outage"]);
  }, 40_000);

  it("says error when the password stops working, and syncs again once the reader gives the new one", async () => {
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    const { id } = (await connect(reader, settingsFor(dovecot, user))).body as MailboxBody;
    await until(() => mailboxOf(reader), idleWith());
    await dovecot.setUser(user.username, "changed-on-the-server");
    // The session in hand stays logged in; the server's restart makes it log in again.
    await dovecot.stop();
    await dovecot.start();
    const refused = await until(
      () => mailboxOf(reader),
      (mailbox) => mailbox.last_error?.startsWith("Authentication") ?? false,
      20_000,
    );
    expect(refused).toMatchObject({ status: "error", last_error: expect.stringMatching(/^Authentication failed/) });
    expect(await patch(reader, id, { password: "changed-on-the-server" })).toMatchObject({
      status: 200,
      body: { status: "syncing", last_error: null },
    });
    await dovecot.append({ ...user, password: "changed-on-the-server" }, [newsletterMail("With the new password")]);
    expect(
      await until(
        () => mailboxOf(reader),
        idleWith((mailbox) => mailbox.filed === 1),
        20_000,
      ),
    ).toMatchObject({ status: "idle" });
  }, 70_000);

  it("a folder added to a watched mailbox is synced with new settings, the other folders going on from where they were", async () => {
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    await dovecot.append(user, [newsletterMail("In the inbox")]);
    await dovecot.append(user, [newsletterMail("Sorted by a filter")], { folder: "Letters" });
    const { id } = (await connect(reader, settingsFor(dovecot, user))).body as MailboxBody;
    await until(() => mailboxOf(reader), idleWith());
    expect(await patch(reader, id, { folders: ["INBOX", "Letters"] })).toMatchObject({
      status: 200,
      body: { folders: ["INBOX", "Letters"] },
    });
    const both = await until(
      () => emailsOf(reader.id),
      (emails) => emails.length === 2,
    );
    expect(both.map((email) => email.subject).sort()).toEqual(["In the inbox", "Sorted by a filter"]);
    expect(
      await until(
        () => mailboxOf(reader),
        idleWith((mailbox) => mailbox.processed === 2),
      ),
    ).toMatchObject({ total: 2, filed: 2 });
  }, 30_000);

  it("a paused mailbox is not synced until resumed", async () => {
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    const { id } = (await connect(reader, settingsFor(dovecot, user))).body as MailboxBody;
    await until(() => mailboxOf(reader), idleWith());
    await patch(reader, id, { paused: true });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await dovecot.append(user, [newsletterMail("While paused")]);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await mailboxOf(reader)).toMatchObject({ status: "paused", filed: 0 });
    await patch(reader, id, { paused: false });
    expect(
      await until(
        () => mailboxOf(reader),
        idleWith((mailbox) => mailbox.filed === 1),
      ),
    ).toMatchObject({ paused: false });
  }, 30_000);
});

describe.skipIf(!dovecotInstalled())("connected mailboxes: a server without IDLE", () => {
  it("is looked at again every MAILBOX_POLL_SECONDS, so new mail is filed all the same", async () => {
    const plain = await startDovecot({ idle: false });
    const restore = allowFetchTo(`${dovecot.allowHost},${plain.allowHost}`);
    try {
      const reader = await registerUser();
      const user = await imapUser(plain);
      await connect(reader, settingsFor(plain, user));
      await until(() => mailboxOf(reader), idleWith());
      const imap = await plain.client(user);
      expect(imap.capabilities.has("IDLE")).toBe(false);
      await imap.logout();
      await plain.append(user, [newsletterMail("Found by polling")]);
      const found = await until(
        () => emailsOf(reader.id),
        (emails) => emails.length === 1,
        10_000,
      );
      expect(found.map((email) => email.subject)).toEqual(["Found by polling"]);
    } finally {
      restore();
      await plain.close();
    }
  }, 40_000);
});
