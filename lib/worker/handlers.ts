import "server-only";
import type { JobRegistry } from "@/lib/jobs/runner";
import { FILE_INBOUND_JOB, fileInboundJob } from "@/lib/mail/retry";
import { SEND_MAIL_JOB, SEND_MAIL_RETRIES, sendQueuedMail } from "@/lib/outbound/service";

/**
 * Every job Paperboy runs: its queue name, the domain's handler, and how it retries. One entry per job;
 * the domain enqueues with enqueueJob(name, data) from @/lib/jobs/queue.
 */
export const jobHandlers: JobRegistry = {
  // Retries come from the inbound row's own schedule (lib/mail/retry.ts), not from the queue's.
  [FILE_INBOUND_JOB]: { handler: fileInboundJob, retryLimit: 0, expireInSeconds: 60, concurrency: 2 },
  // A relay's connection, greeting and socket timeouts (10 + 10 + 30 s) fit inside the expiry.
  [SEND_MAIL_JOB]: { handler: sendQueuedMail, ...SEND_MAIL_RETRIES, expireInSeconds: 120 },
};
