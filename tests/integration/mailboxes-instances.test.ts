// Sets the inbound secret and a 1 MB MAX_MESSAGE_BYTES before lib/env is first read.
import "./inbound-support";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { allowFetchTo } from "../support/local-server";
import { registerUser, useDatabase } from "../support/api";
import { dovecotInstalled, startDovecot, type Dovecot } from "../support/dovecot";
import { killRunning } from "../support/processes";
import { freePort, hasBuild, multiProcess, startInstance, within } from "./instances-support";
import { connect, imapUser, newsletterMail, settingsFor, type MailboxBody } from "./mailboxes-support";

useDatabase();

let dovecot: Dovecot;
const undo: (() => void)[] = [];

beforeAll(async () => {
  if (!multiProcess || !dovecotInstalled()) return;
  dovecot = await startDovecot();
  undo.push(allowFetchTo(dovecot.allowHost));
});
afterAll(async () => {
  for (const step of undo.splice(0).reverse()) step();
  await dovecot?.close();
});
afterEach(() => killRunning());

async function mailboxRow(id: number) {
  const { getDb } = await import("@/db/client");
  const { mailbox } = await import("@/db/schema");
  const [row] = await getDb().select().from(mailbox).where(eq(mailbox.id, id));
  return row;
}

async function subjectsOf(userId: number) {
  const { getDb } = await import("@/db/client");
  const { email } = await import("@/db/schema");
  const rows = await getDb().select({ subject: email.subject }).from(email).where(eq(email.userId, userId)).orderBy(email.dateReceived);
  return rows.map((row) => row.subject);
}

describe.skipIf(!multiProcess || !dovecotInstalled())("connected mailboxes across instances", () => {
  it("a worker killed while holding a mailbox is replaced within 60 s by another, which goes on from the last message", async () => {
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    await dovecot.append(user, [newsletterMail("Before the crash")]);
    const { id } = (await connect(reader, settingsFor(dovecot, user))).body as MailboxBody;
    const env = { FETCH_ALLOW_HOSTS: dovecot.allowHost };

    const first = startInstance("worker", env);
    await first.waitFor(/running jobs/);
    await within(30_000, async () => (await mailboxRow(id)).status === "idle");
    const held = await mailboxRow(id);
    expect(held).toMatchObject({ filed: 1, leaseHolder: expect.any(String) });

    first.child.kill("SIGKILL");
    await first.exited;
    await dovecot.append(user, [newsletterMail("After the crash")]);
    const second = startInstance("worker", env);
    await second.waitFor(/running jobs/);
    const tookMs = await within(60_000, async () => (await subjectsOf(reader.id)).length === 2);
    expect(tookMs).toBeLessThan(60_000);
    expect(await subjectsOf(reader.id)).toEqual(["Before the crash", "After the crash"]);
    const taken = await mailboxRow(id);
    expect(taken.leaseHolder).not.toBe(held.leaseHolder);
    // Resumed from the last UID: the first message was not looked at again.
    expect(taken).toMatchObject({ processed: 2, filed: 2 });

    // A clean stop lets the lease go at once, for the next instance to take on its next look.
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(await mailboxRow(id)).toMatchObject({ leaseHolder: null, leaseUntil: null });
  }, 150_000);

  it.skipIf(!hasBuild)(
    "a web instance running jobs (the production build) holds the mailbox and files its mail",
    async () => {
      const reader = await registerUser();
      const user = await imapUser(dovecot);
      await dovecot.append(user, [newsletterMail("Served by next start")]);
      const { id } = (await connect(reader, settingsFor(dovecot, user))).body as MailboxBody;
      const port = await freePort();
      const web = startInstance("web", { PORT: String(port), APP_URL: `http://localhost:${port}`, FETCH_ALLOW_HOSTS: dovecot.allowHost });
      await within(60_000, async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok === true);
      await within(30_000, async () => (await subjectsOf(reader.id)).length === 1);
      expect(await subjectsOf(reader.id)).toEqual(["Served by next start"]);
      // The mail shows as it is filed; the sync's row says idle once its pass has ended, moments later.
      await within(30_000, async () => (await mailboxRow(id)).status === "idle");
      expect(await mailboxRow(id)).toMatchObject({ status: "idle", filed: 1, leaseHolder: expect.any(String) });
      web.child.kill("SIGTERM");
      expect(await web.exited).toBe(0);
      expect(await mailboxRow(id)).toMatchObject({ leaseHolder: null });
    },
    120_000,
  );
});
