import "server-only";
import { EventEmitter } from "node:events";
import { ensureQueue, getBoss } from "./boss";

/**
 * The job queue, in PostgreSQL (pg-boss; PGlite on the embedded database). A domain enqueues a job by
 * name with a JSON payload; lib/worker/handlers.ts maps each name to the domain's handler, and whichever
 * instance runs jobs (`npm start` unless WORKER=off, `npm run worker`) picks it up, retrying a handler
 * that throws with backoff. Tests run due jobs with `runDueJobs()` from @/lib/worker/testing.
 */
export type EnqueueOptions = {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /** With singletonSeconds: at most one job per key in each window of that many seconds; later ones are dropped. */
  singletonKey?: string;
  singletonSeconds?: number;
  /** Attempts after the first (default: the queue's, set in lib/worker/handlers.ts). */
  retryLimit?: number;
  /** Delay before the first retry, doubled at each next one. */
  retryDelaySeconds?: number;
};

/**
 * Thrown by a handler whose job can never succeed (what it needs is gone for good): the job fails at once
 * with this reason, logged and counted as failed, instead of being retried or queued again.
 */
export class JobCannotProceedError extends Error {}

/** Wakes this process's runner for a queue at once instead of at its next poll. */
export const enqueued = new EventEmitter();

export async function enqueueJob(name: string, data: object, options: EnqueueOptions = {}): Promise<void> {
  const boss = await getBoss();
  await ensureQueue(boss, name);
  const sendOptions = {
    startAfter: options.startAfterSeconds,
    singletonKey: options.singletonKey,
    singletonSeconds: options.singletonSeconds,
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
  };
  // pg-boss checks every option present, undefined ones too.
  await boss.send(name, data, Object.fromEntries(Object.entries(sendOptions).filter(([, value]) => value !== undefined)));
  if (!options.startAfterSeconds) enqueued.emit(name);
}
