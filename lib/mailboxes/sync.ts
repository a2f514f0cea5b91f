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
import { readerIdentity } from "@/lib/mail/filing";
import type { Recipient } from "@/lib/mail/service";
import { addToTotal, findFolderState, recordProgress, type Tally } from "./repo";

/** UIDs looked at per round trip: a mailbox of any size is paged through, never held whole. */
const PAGE = 200;
// Messages filed in one transaction, and the most bytes of them fetched at once (as an import reads ahead).
const BATCH = 32;
const MAX_BATCH_BYTES = 8 * 1024 * 1024;
const AHEAD_BATCHES = 3;

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
  for (let start = 0; start < uids.length && !target.stopping(); start += PAGE) {
    const page = uids.slice(start, start + PAGE);
    const filed = await syncPage(client, target, folder, uidValidity, page);
    await afterFiling(client, target, filed);
  }
}

/** Looks at a page of UIDs by their headers, then fetches and files the candidates a batch at a time; returns the UIDs filed. */
async function syncPage(client: ImapFlow, target: SyncTarget, folder: string, uidValidity: number, page: number[]): Promise<number[]> {
  const heads = await client.fetchAll(page.join(","), { uid: true, size: true, internalDate: true, headers: true }, { uid: true });
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
  const batches: Entry[][] = [];
  let batch: Entry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    batch.push(entry);
    if (!entry.decided) bytes += entry.size;
    if (batch.filter((item) => !item.decided).length < BATCH && bytes < MAX_BATCH_BYTES) continue;
    batches.push(batch);
    batch = [];
    bytes = 0;
  }
  if (batch.length > 0) batches.push(batch);
  // The next batches are fetched and prepared while one is filed, as an import reads ahead.
  const ahead: Promise<Prepared>[] = [];
  const readAhead = () => {
    while (ahead.length < AHEAD_BATCHES && batches.length > 0) {
      const next = prepareBatch(client, target, batches.shift() ?? []);
      // Awaited in turn below; one left behind by a failure must not end the process unhandled.
      next.catch(() => undefined);
      ahead.push(next);
    }
  };
  const filedUids: number[] = [];
  readAhead();
  while (ahead.length > 0 && !target.stopping()) {
    const prepared = await (ahead.shift() as Promise<Prepared>);
    readAhead();
    filedUids.push(...(await fileBatch(target, folder, uidValidity, prepared)));
  }
  return filedUids;
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
