// Sets the inbound secret and a 1 MB MAX_MESSAGE_BYTES before lib/env is first read.
import "./inbound-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, useDatabase } from "../support/api";
import { allowFetchTo } from "../support/local-server";
import { dovecotInstalled, startDovecot, type Dovecot } from "../support/dovecot";
import { uniqueSender } from "./inbound-support";
import { connect, imapUser, newsletterMail, settingsFor, until } from "./mailboxes-support";
import { createRule, makeFolder, stateOf } from "./rules-support";

useDatabase();

let dovecot: Dovecot;
let watcher: { stop(): Promise<void> } | undefined;
let disallow: (() => void) | undefined;

beforeAll(async () => {
  if (!dovecotInstalled()) return;
  dovecot = await startDovecot();
  disallow = allowFetchTo(dovecot.allowHost);
  const { startMailboxWatcher } = await import("@/lib/mailboxes/watcher");
  watcher = startMailboxWatcher({ tickMs: 300, leaseSeconds: 5, retryBaseSeconds: 1, pollSeconds: 2 });
});
afterAll(async () => {
  await watcher?.stop();
  disallow?.();
  await dovecot?.close();
});

describe.skipIf(!dovecotInstalled())("rules on mail from a connected mailbox", () => {
  it("file what the mailbox brings as they file mail from any other door", async () => {
    const reader = await registerUser();
    const folder = await makeFolder(reader, "From IMAP");
    const sender = uniqueSender();
    await createRule(reader, {
      name: "IMAP letters",
      conditions: [{ field: "from", op: "equals", value: sender }],
      actions: [{ type: "add_to_folder", folder_id: folder }, { type: "favorite" }],
    });
    const user = await imapUser(dovecot);
    await dovecot.append(user, [newsletterMail("Sorted on sync", { from: `Letters <${sender}>` }), newsletterMail("Left alone")]);
    expect((await connect(reader, settingsFor(dovecot, user))).status).toBe(201);
    const filed = await until(
      () => stateOf(reader.id),
      (rows) => rows.length === 2,
    );
    expect(filed.map((row) => [row.subject, row.folders, row.favorite])).toEqual(
      expect.arrayContaining([
        ["Sorted on sync", [folder], true],
        ["Left alone", [], false],
      ]),
    );
  }, 40_000);
});
