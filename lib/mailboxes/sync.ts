import "server-only";
import type { ImapFlow } from "imapflow";
import type { Database } from "@/db/client";
import { env } from "@/lib/env";
import {
  fileMessages,
  findHeldKeys,
  readyMessage,
  screenMessage,
  type ImportOutcome,
  type ReadyMessage,
  type Screened,
} from "@/lib/imports/file-message";
import { readerIdentity } from "@/lib/mail/filing/filing";
import type { Recipient } from "@/lib/mail/service";
import { addToTotal, findFolderState, recordProgress, type Tally } from "./repo";

/** UIDs looked at per round trip: a mailbox of any size is paged through, never held whole. */
const PAGE = 200;
// Messages filed in one transaction, and the most bytes of them fetched at once (as an import reads ahead).
const BATCH = 32;
const MAX_BATCH_BYTES = 8 * 1024 * 1024;
const AHEAD_BATCHES = 3;
// The header fields the import's rule reads (lib/imports/classify.ts): a newsletter's full header, with
// its Received and DKIM lines, is many times larger.
const SCREENED_FIELDS = ["from", "subject", "message-id", "list-id", "list-unsubscribe", "precedence"];

export type SyncTarget = {
  mailboxId: number;
  since: Date;
  afterFiling: "leave" | "mark_read" | "move";
  moveTo: string | null;
  reader: Recipient;
  knownSenders: ReadonlySet<string>;
  /** True once the session is asked to stop: the folder is left after the batch in hand. */
  stopping: () => boolean;
};

type Entry = { uid: number; arrivedAt: Date; size: number; screened: Screened | null; decided: ImportOutcome | null };

const skipped: ImportOutcome = { outcome: "skipped" };

/**
 * Files the newsletters of `folder` the mailbox has not been through yet: from the UID after the last one
 * recorded (from the start when the folder's UIDVALIDITY changed: dedupe by Message-ID makes a rescan
 * safe), received since `since`, a page of UIDs at a time. Headers come first, so personal mail and mail
 * the reader already holds are passed over without their bodies; a message past MAX_MESSAGE_BYTES is
 * skipped and counted. Read-only unless the reader asked for newsletters to be marked read or moved.
 */
export async function syncFolder(client: ImapFlow, target: SyncTarget, folder: string): Promise<void> {
  const opened = await client.mailboxOpen(folder, { readOnly: target.afterFiling === "leave" });
  const uidValidity = Number(opened.uidValidity);
  const state = await findFolderState(target.mailboxId, folder);
  const lastUid = state && state.uidValidity === uidValidity ? state.lastUid : 0;
  const found = (await client.search({ uid: `${lastUid + 1}:*`, since: target.since }, { uid: true })) || [];
  const uids = found.filter((uid) => uid > lastUid).sort((a, b) => a - b);
  await addToTotal(target.mailboxId, uids.length);
  const batches = screenedBatches(client, target, uids);
  // The next batches (across pages) are fetched and prepared while one is filed, as an import reads ahead.
  const ahead: Promise<Prepared>[] = [];
  let exhausted = false;
  const readAhead = async () => {
    while (!exhausted && ahead.length < AHEAD_BATCHES) {
      const next = await batches.next();
      if (next.done) exhausted = true;
      else {
        const prepared = prepareBatch(client, target, next.value);
        // Awaited in turn below; one left behind by a failure or a stop must not end the process unhandled.
        prepared.catch(() => undefined);
        ahead.push(prepared);
      }
    }
  };
  try {
    await readAhead();
    while (ahead.length > 0 && !target.stopping()) {
      const prepared = await (ahead.shift() as Promise<Prepared>);
      const reading = readAhead();
      reading.catch(() => undefined);
      const filed = await fileBatch(target, folder, uidValidity, prepared);
      await reading;
      await afterFiling(client, target, filed);
    }
  } finally {
    await batches.return(undefined);
  }
}

/**
 * The folder's messages a page of UIDs at a time, looked at by the header fields the import's rule reads,
 * in batches to fetch whole: personal mail, mail past MAX_MESSAGE_BYTES and mail the reader already holds
 * come with their outcome decided and are never fetched.
 */
async function* screenedBatches(client: ImapFlow, target: SyncTarget, uids: number[]): AsyncGenerator<Entry[]> {
  for (let start = 0; start < uids.length; start += PAGE) {
    const entries = await screenPage(client, target, uids.slice(start, start + PAGE));
    let batch: Entry[] = [];
    let bytes = 0;
    for (const entry of entries) {
      batch.push(entry);
      if (!entry.decided) bytes += entry.size;
      if (batch.filter((item) => !item.decided).length < BATCH && bytes < MAX_BATCH_BYTES) continue;
      yield batch;
      batch = [];
      bytes = 0;
    }
    if (batch.length > 0) yield batch;
  }
}

async function screenPage(client: ImapFlow, target: SyncTarget, page: number[]): Promise<Entry[]> {
  const heads = await client.fetchAll(
    page.join(","),
    { uid: true, size: true, internalDate: true, headers: SCREENED_FIELDS },
    { uid: true },
  );
  const entries = heads
    .map((head): Entry => {
      const arrivedAt = head.internalDate instanceof Date ? head.internalDate : new Date(head.internalDate ?? Date.now());
      const size = head.size ?? 0;
      if (size > env.MAX_MESSAGE_BYTES) return { uid: head.uid, arrivedAt, size, screened: null, decided: skipped };
      const screened = screenMessage(Buffer.concat([head.headers ?? Buffer.alloc(0), Buffer.from("\r\n")]), arrivedAt, target.knownSenders);
      if (screened.outcome !== null) return { uid: head.uid, arrivedAt, size, screened: null, decided: screened.outcome };
      // A key read from the header alone is the message's own only when it names a Message-ID.
      const key = screened.header.messageId === null ? null : screened.key;
      return { uid: head.uid, arrivedAt, size, screened: { ...screened, key }, decided: null };
    })
    .sort((a, b) => a.uid - b.uid);
  const held = await findHeldKeys(
    target.reader.userId,
    entries.flatMap((entry) => (entry.screened ? [entry.screened] : [])),
  );
  for (const entry of entries) {
    if (entry.screened?.outcome === null && entry.screened.key !== null && held.has(entry.screened.key)) {
      entry.decided = skipped;
      entry.screened = null;
    }
  }
  return entries;
}

type Prepared = { batch: Entry[]; ready: ReadyMessage[] };

/** Fetches the batch's candidates whole and makes them ready as an import does (the import's rule decides what is a newsletter). */
async function prepareBatch(client: ImapFlow, target: SyncTarget, batch: Entry[]): Promise<Prepared> {
  const wanted = batch.filter((entry) => !entry.decided);
  const sources = new Map<number, Buffer>();
  if (wanted.length > 0) {
    const fetched = await client.fetchAll(wanted.map((entry) => entry.uid).join(","), { uid: true, source: true }, { uid: true });
    for (const message of fetched) if (message.source) sources.set(message.uid, message.source);
  }
  const identity = readerIdentity([target.reader]);
  const none = new Set<string>();
  const ready = await Promise.all(
    batch.map((entry): ReadyMessage | Promise<ReadyMessage> => {
      if (entry.decided) return { outcome: entry.decided };
      const raw = sources.get(entry.uid);
      // Gone meanwhile (expunged by another client): nothing to file.
      if (!raw) return { outcome: skipped };
      return readyMessage(screenMessage(raw, entry.arrivedAt, target.knownSenders), none, target.knownSenders, identity);
    }),
  );
  return { batch, ready };
}

/**
 * Files a prepared batch through the import's path, stored as from "imap"; the counters and the folder's
 * last UID are recorded in the same transaction. Returns the UIDs filed.
 */
async function fileBatch(target: SyncTarget, folder: string, uidValidity: number, { batch, ready }: Prepared): Promise<number[]> {
  const lastUid = batch[batch.length - 1].uid;
  let filed: number[] = [];
  await fileMessages(
    target.reader,
    ready,
    async (outcomes: ImportOutcome[], db?: Database) => {
      filed = batch.flatMap((entry, index) => (outcomes[index].outcome === "filed" ? [entry.uid] : []));
      await recordProgress(target.mailboxId, folder, { uidValidity, lastUid }, tally(outcomes), db);
    },
    "imap",
  );
  return filed;
}

function tally(outcomes: ImportOutcome[]): Tally {
  const counts: Tally = { processed: outcomes.length, filed: 0, skipped: 0, failed: 0 };
  for (const { outcome } of outcomes) counts[outcome]++;
  return counts;
}

/** What the reader asked for once a newsletter is filed: seen, or moved out of the way (the folder made when missing). */
async function afterFiling(client: ImapFlow, target: SyncTarget, uids: number[]): Promise<void> {
  if (uids.length === 0 || target.afterFiling === "leave") return;
  const range = uids.join(",");
  if (target.afterFiling === "mark_read") {
    await client.messageFlagsAdd(range, ["\\Seen"], { uid: true });
    return;
  }
  if (!target.moveTo) return;
  const folders = await client.list();
  if (!folders.some((entry) => entry.path === target.moveTo)) await client.mailboxCreate(target.moveTo);
  await client.messageMove(range, target.moveTo, { uid: true });
}
