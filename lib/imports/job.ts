import "server-only";
import { buffer } from "node:stream/consumers";
import { z } from "zod";
import type { ImportFailure } from "@/db/schema";
import { env } from "@/lib/env";
import { enqueueJob, JobCannotProceedError } from "@/lib/jobs/queue";
import { logger } from "@/lib/observability/log";
import { readerIdentity } from "@/lib/mail/filing/filing";
import { resolveRecipients, type Recipient } from "@/lib/mail/service";
import {
  fileMessages,
  findHeldKeys,
  readyMessage,
  screenMessage,
  type ImportOutcome,
  type ReadyMessage,
  type Screened,
} from "./file-message";
import { fromLineDate, splitMbox } from "./mbox";
import {
  claimImport,
  finishImport,
  findKnownSenders,
  findUniqueLocal,
  releaseImport,
  updateProgress,
  type ImportCounts,
  type ImportRow,
} from "./repo";
import { dropUpload, readUpload, sweepAbandonedUploads, UploadGoneError, type StoredUpload } from "./upload";
import { inspectZip, zipMessages, ZipRefusedError } from "./zip";

export const IMPORT_JOB = "mail-import";

// A job files messages for this long, then hands on to the next job: no job outlives pg-boss's patience,
// and a restart loses at most the message in hand.
const SLICE_MS = 20_000;
// A slice holds the import this long past its last message; the watch job comes after it has lapsed.
const LEASE_SECONDS = 40;
const WATCH_AFTER_SECONDS = 60;
// Messages filed in one transaction: fewer commits and round trips, and a restart redoes at most these.
const BATCH = 32;
// Messages and bytes read ahead of filing, being prepared meanwhile: enough that the preparing workers
// seldom wait for a batch to be filed (with two batches they stood idle for a quarter of an import),
// little enough that memory stays flat whatever the mailbox holds.
const AHEAD_BATCHES = 4;
const MAX_AHEAD_BYTES = 8 * 1024 * 1024;

type Item = { next: number; raw: Buffer | null; arrivedAt: Date; reason: string | null; name: string | null };

async function* mboxItems(upload: StoredUpload, from: number): AsyncGenerator<Item> {
  const stream = readUpload(upload, from);
  try {
    for await (const message of splitMbox(stream, from, env.MAX_MESSAGE_BYTES)) {
      const reason = message.raw ? null : "Larger than the largest message accepted.";
      yield { next: message.next, raw: message.raw, arrivedAt: fromLineDate(message.fromLine) ?? new Date(), reason, name: null };
    }
  } finally {
    stream.destroy();
  }
}

async function* zipItems(upload: StoredUpload, from: number): AsyncGenerator<Item> {
  for await (const message of zipMessages(upload, from, env.MAX_MESSAGE_BYTES, env.IMPORT_MAX_BYTES)) {
    yield { next: message.index + 1, raw: message.raw, arrivedAt: new Date(), reason: message.reason, name: message.name };
  }
}

async function* emlItems(upload: StoredUpload, from: number): AsyncGenerator<Item> {
  if (from > 0) return;
  yield { next: 1, raw: await buffer(readUpload(upload)), arrivedAt: new Date(), reason: null, name: null };
}

function items(row: ImportRow, upload: StoredUpload): AsyncGenerator<Item> {
  if (row.format === "mbox") return mboxItems(upload, row.position);
  if (row.format === "zip") return zipItems(upload, row.position);
  return emlItems(upload, row.position);
}

async function countMessages(row: ImportRow, upload: StoredUpload): Promise<number> {
  if (row.format === "eml") return 1;
  if (row.format === "zip") return inspectZip(upload, env.IMPORT_MAX_BYTES);
  let count = 0;
  for await (const message of splitMbox(readUpload(upload), 0, env.MAX_MESSAGE_BYTES, false)) count += message.size > 0 ? 1 : 0;
  return count;
}

function tally(counts: ImportCounts, outcome: ImportOutcome, position: number, name: string | null): ImportFailure | null {
  counts.processed++;
  if (outcome.outcome === "failed") {
    counts.failed++;
    return { position, subject: outcome.subject ?? name, reason: outcome.reason };
  }
  if (outcome.outcome === "filed") counts.filed++;
  else counts.skipped++;
  return null;
}

const ImportJob = z.object({ importId: z.number().int().positive(), attempt: z.number().int().min(0).default(0) });

// Slices in a row that may end in an error or a crash before the import fails with it: a fault that
// persists (a message that kills the process, a bug) fails the import once instead of queueing slices for ever.
export const IMPORT_ATTEMPTS = 3;
const INTERRUPTED = "The import stopped: it was interrupted several times in a row. Upload the file again.";

/** Ends the import as failed with `reason` and fails this job once, without retries, logged and counted. */
async function giveUp(row: ImportRow, reason: string, cause: string): Promise<never> {
  await finishImport(row.id, { status: "failed", error: reason });
  if (row.uploadKey) await dropUpload(row.uploadKey);
  throw new JobCannotProceedError(`Import ${row.id}: ${cause}`);
}

/**
 * One slice of an import: takes the import (one worker at a time), files messages from where the last
 * slice stopped, records each, and leaves the rest to the next job. A watch job, queued first, goes on
 * after a crash once the lease has lapsed, as the next attempt in a row; an import that cannot go on
 * (its upload gone, or IMPORT_ATTEMPTS slices in a row failed) fails once with its reason.
 */
export async function handleImportJob(data: unknown): Promise<void> {
  const parsed = ImportJob.safeParse(data);
  if (!parsed.success) return;
  const { importId, attempt } = parsed.data;
  const row = await claimImport(importId, LEASE_SECONDS);
  if (!row) return;
  if (attempt >= IMPORT_ATTEMPTS) await giveUp(row, INTERRUPTED, `interrupted ${attempt} times in a row`);
  // The watch is retried only when it could not claim (the database away): past the claim nothing throws
  // but a give-up, which is never retried, so no attempt queues more than one watch.
  await enqueueJob(IMPORT_JOB, { importId, attempt: attempt + 1 }, { startAfterSeconds: WATCH_AFTER_SECONDS });
  // Uploads whose uploader died are dropped as an import starts, as they are when an upload starts.
  if (row.total === null) await sweepAbandonedUploads();
  const uniqueLocal = await findUniqueLocal(row.userId);
  const [reader] = uniqueLocal ? await resolveRecipients([`${uniqueLocal}@${env.MAIL_DOMAIN}`]) : [];
  if (!reader) return;
  // An import made before uploads were kept in the database has no key: its file is out of reach.
  const upload = row.uploadKey ? { key: row.uploadKey, size: row.sizeBytes } : null;
  if (!upload) return giveUp(row, new UploadGoneError().message, "its upload is not stored");
  try {
    if (await runSlice(row, upload, reader, await findKnownSenders(row.userId))) {
      await releaseImport(row.id);
      await enqueueJob(IMPORT_JOB, { importId });
      return;
    }
    await finishImport(row.id, { status: "done" });
  } catch (error) {
    // The reader's file is not what it says: the import's own outcome, not an operator's concern.
    if (error instanceof ZipRefusedError) await finishImport(row.id, { status: "failed", error: error.message });
    else if (error instanceof UploadGoneError) await giveUp(row, error.message, "its upload is no longer stored");
    else if (attempt + 1 >= IMPORT_ATTEMPTS) await giveUp(row, INTERRUPTED, `failed ${attempt + 1} times in a row: ${errorText(error)}`);
    else {
      // The watch takes it up again once the lease lapses.
      logger.warn({ import_id: row.id, attempt: attempt + 1, err: error }, "Import slice failed; the import goes on later");
      return;
    }
  }
  await dropUpload(upload.key);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A message read from the upload and on its way to being ready for filing. */
type Ahead = { item: Item; ready: Promise<ReadyMessage> };

type Waiting = { item: Item; screened: Screened };

function screen(item: Item, known: ReadonlySet<string>): Waiting {
  const screened: Screened = item.raw
    ? screenMessage(item.raw, item.arrivedAt, known)
    : { outcome: { outcome: "failed", subject: null, reason: item.reason ?? "Unreadable." } };
  return { item, screened };
}

/** Sends screened messages on to be prepared, but those the reader already holds, found in one query. */
async function admit(waiting: Waiting[], ahead: Ahead[], reader: Recipient, known: ReadonlySet<string>): Promise<void> {
  const held = await findHeldKeys(
    reader.userId,
    waiting.map((entry) => entry.screened),
  );
  const identity = readerIdentity([reader]);
  for (const { item, screened } of waiting.splice(0)) ahead.push({ item, ready: readyMessage(screened, held, known, identity) });
}

/** Files the first batch of what was read ahead, and records how far the import got in the same transaction. */
async function fileBatch(importId: number, ahead: Ahead[], counts: ImportCounts, reader: Recipient): Promise<void> {
  const batch = ahead.splice(0, BATCH);
  if (batch.length === 0) return;
  const ready = await Promise.all(batch.map((entry) => entry.ready));
  await fileMessages(reader, ready, async (outcomes, db) => {
    const recorded = { ...counts };
    const failures: ImportFailure[] = [];
    outcomes.forEach((outcome, index) => {
      const failure = tally(recorded, outcome, recorded.processed + 1, batch[index].item.name);
      if (failure) failures.push(failure);
    });
    recorded.position = batch[batch.length - 1].item.next;
    // A count past the first estimate (a truncated or odd file) keeps the bar honest.
    if (recorded.total !== null && recorded.processed > recorded.total) recorded.total = recorded.processed;
    await updateProgress(importId, recorded, failures, LEASE_SECONDS, db);
    Object.assign(counts, recorded);
  });
}

/**
 * Files messages until the slice's time is up; true when some are left. Messages are read ahead and
 * prepared (on the preparing workers) while the batch before them is filed.
 */
async function runSlice(row: ImportRow, upload: StoredUpload, reader: Recipient, known: ReadonlySet<string>): Promise<boolean> {
  const deadline = Date.now() + SLICE_MS;
  const counts: ImportCounts = {
    total: row.total,
    processed: row.processed,
    filed: row.filed,
    skipped: row.skipped,
    failed: row.failed,
    position: row.position,
  };
  if (counts.total === null) {
    counts.total = await countMessages(row, upload);
    await updateProgress(row.id, counts, [], LEASE_SECONDS);
  }
  const waiting: Waiting[] = [];
  const ahead: Ahead[] = [];
  const bytes = (entries: { item: Item }[]) => entries.reduce((sum, entry) => sum + (entry.item.raw?.length ?? 0), 0);
  let late = false;
  for await (const item of items(row, upload)) {
    waiting.push(screen(item, known));
    if (waiting.length < BATCH && bytes(waiting) + bytes(ahead) < MAX_AHEAD_BYTES) continue;
    await admit(waiting, ahead, reader, known);
    if (ahead.length < AHEAD_BATCHES * BATCH && bytes(ahead) < MAX_AHEAD_BYTES) continue;
    await fileBatch(row.id, ahead, counts, reader);
    if (Date.now() > deadline) {
      late = true;
      break;
    }
  }
  // What was read is filed before the slice ends: its preparing is done or under way.
  await admit(waiting, ahead, reader, known);
  while (ahead.length > 0) await fileBatch(row.id, ahead, counts, reader);
  if (late) return true;
  if (counts.total !== counts.processed) {
    counts.total = counts.processed;
    await updateProgress(row.id, counts, [], LEASE_SECONDS);
  }
  return false;
}
