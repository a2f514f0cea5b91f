import "server-only";
import { startDigestTicks } from "@/lib/digest/service";
import { sweepAbandonedUploads } from "@/lib/imports/service";
import { startRunner, type Runner } from "@/lib/jobs/runner";
import { SWEEP_SECONDS, sweepInbound } from "@/lib/mail/filing/retry";
import { scheduleRecheck } from "@/lib/mail/filing/auth-recheck";
import { scheduleFeedPolls } from "@/lib/feeds-in/service";
import { startMailboxWatcher, type MailboxWatcher } from "@/lib/mailboxes/watcher";
import { jobHandlers } from "./handlers";
import { logger } from "@/lib/observability/log";

const holder = globalThis as typeof globalThis & {
  paperboyWorker?: Promise<{ runner: Runner; sweep: NodeJS.Timeout; mailboxes: MailboxWatcher; stopDigests: () => void }>;
};

// Abandoned uploads are rare and their sweep reads the whole upload table: every 10 minutes is enough.
const UPLOAD_SWEEP_MS = 10 * 60_000;
let lastUploadSweep = 0;

function sweep(): void {
  // The database away for a while: the next sweep tries again.
  sweepInbound().catch((error: unknown) => logger.error({ err: error }, "Inbound retry sweep failed"));
  scheduleRecheck().catch((error: unknown) => logger.error({ err: error }, "Sender re-check could not be scheduled"));
  scheduleFeedPolls().catch((error: unknown) => logger.error({ err: error }, "Feed polls could not be scheduled"));
  // An upload whose uploader went away mid-way, or whose import ended without dropping it, is not kept.
  if (Date.now() - lastUploadSweep < UPLOAD_SWEEP_MS) return;
  lastUploadSweep = Date.now();
  sweepAbandonedUploads().catch((error: unknown) => logger.error({ err: error }, "Abandoned uploads sweep failed"));
}

/**
 * Runs jobs in this process (`npm start` unless WORKER=off, `npm run worker`) until stopWorker, and holds
 * the connections of the connected mailboxes it claims (one holder per mailbox across instances).
 */
export function startWorker(): Promise<void> {
  holder.paperboyWorker ??= startRunner(jobHandlers).then((runner) => {
    sweep();
    return {
      runner,
      sweep: setInterval(sweep, SWEEP_SECONDS * 1000),
      mailboxes: startMailboxWatcher(),
      stopDigests: startDigestTicks(),
    };
  });
  return holder.paperboyWorker.then(() => undefined);
}

/** Takes no new job and waits up to `timeoutMs` for the running ones. */
export async function stopWorker(timeoutMs: number): Promise<void> {
  const started = holder.paperboyWorker;
  holder.paperboyWorker = undefined;
  if (!started) return;
  const { runner, sweep, mailboxes, stopDigests } = await started;
  clearInterval(sweep);
  stopDigests();
  // The mailboxes' leases are let go at once, so another instance takes them on its next look.
  await Promise.all([runner.stop(timeoutMs), mailboxes.stop()]);
}
