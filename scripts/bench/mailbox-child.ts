// One measure of `npm run bench:mailbox`, in a process of its own so its peak RSS is its own:
//   mailbox-child.ts <port> <username> <password> <appends>
// connects a fresh reader's mailbox to the Dovecot on 127.0.0.1:<port> (FETCH_ALLOW_HOSTS must name it),
// runs the mailbox watcher as `npm run worker` does until the first sync is done, then APPENDs <appends>
// newsletters one at a time while it is idle, timing each from APPEND to filed.
// Prints one JSON line: { messages, seconds, filed, skipped, failed, appendMs: number[], maxRssMb }.
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { ImapFlow } from "imapflow";

const [port, username, password, appends] = process.argv.slice(2);

const { getDb, prepareDatabase, closeDb } = await import("@/db/client");
const { email, mailbox, user } = await import("@/db/schema");
const { sealSecret } = await import("@/lib/crypto/seal");
const { startMailboxWatcher } = await import("@/lib/mailboxes/watcher");
(await import("../preparing-workers")).usePreparingWorkersUnderTsx();
await prepareDatabase();

const local = `bench-mailbox-${Date.now().toString(36)}`;
const [reader] = await getDb()
  .insert(user)
  .values({ name: "Bench Mailbox", email: `${local}@bench.example`, username: local, uniqueLocal: local })
  .returning({ id: user.id });
const [row] = await getDb()
  .insert(mailbox)
  .values({
    userId: reader.id,
    host: "127.0.0.1",
    port: Number(port),
    tls: "none",
    username,
    passwordSealed: sealSecret(reader.id, password),
    since: new Date(Date.UTC(2000, 0, 1)),
  })
  .returning();

const current = async () => (await getDb().select().from(mailbox).where(eq(mailbox.id, row.id)))[0];
const filedCount = async () => (await getDb().select({ n: count() }).from(email).where(eq(email.userId, reader.id)))[0].n;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const started = performance.now();
const watcher = startMailboxWatcher({ tickMs: 200 });
let state = await current();
while (state.lastSyncedAt === null) {
  if (state.status === "error") throw new Error(`the mailbox failed: ${state.lastError}`);
  await sleep(100);
  state = await current();
}
const seconds = (performance.now() - started) / 1000;

const appendMs: number[] = [];
const imap = new ImapFlow({
  host: "127.0.0.1",
  port: Number(port),
  secure: false,
  auth: { user: username, pass: password },
  logger: false,
});
await imap.connect();
for (let index = 0; index < Number(appends); index++) {
  const before = await filedCount();
  const message = [
    "From: Bench Letters <letters@bench-append.example>",
    "To: reader@bench.example",
    `Subject: Appended ${index}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <append-${randomUUID()}@bench.example>`,
    "List-Unsubscribe: <https://bench-append.example/u>",
    "Content-Type: text/html; charset=utf-8",
    "",
    `<p>Appended newsletter number ${index}, filed while the mailbox is idle.</p>`,
  ].join("\r\n");
  const sent = performance.now();
  await imap.append("INBOX", message);
  while ((await filedCount()) <= before) {
    if (performance.now() - sent > 30_000) throw new Error("an appended message was not filed within 30 s");
    await sleep(10);
  }
  appendMs.push(performance.now() - sent);
  // As mail arrives: not all at once.
  await sleep(200);
}
await imap.logout();
await watcher.stop();

console.log(
  JSON.stringify({
    messages: state.processed,
    seconds,
    filed: state.filed,
    skipped: state.skipped,
    failed: state.failed,
    appendMs,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
await closeDb();
process.exit(0);
