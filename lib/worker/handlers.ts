import "server-only";
import type { JobRegistry } from "@/lib/jobs/runner";
import { FILE_INBOUND_JOB, fileInboundJob } from "@/lib/mail/retry";

/**
 * Every job Paperboy runs: its queue name, the domain's handler, and how it retries. One entry per job;
 * the domain enqueues with enqueueJob(name, data) from @/lib/jobs/queue.
 */
export const jobHandlers: JobRegistry = {
  // Retries come from the inbound row's own schedule (lib/mail/retry.ts), not from the queue's.
  [FILE_INBOUND_JOB]: { handler: fileInboundJob, retryLimit: 0, expireInSeconds: 60, concurrency: 2 },
};
