import "server-only";
import type { JobRegistry } from "@/lib/jobs/runner";
import { handlePasswordResetJob, PASSWORD_RESET_JOB } from "@/lib/auth/password";
import { handleImportJob, IMPORT_JOB } from "@/lib/imports/job";
import { FILE_INBOUND_JOB, fileInboundJob } from "@/lib/mail/filing/retry";
import { PASS_THROUGH_JOB, PASS_THROUGH_RETRIES, passThroughJob } from "@/lib/passthrough/service";
import { SUMMARIZE_JOB, SUMMARIZE_RETRIES, summarizeJob } from "@/lib/summaries/service";
import { KEEP_ATTACHMENTS_JOB, keepAttachmentsJob } from "@/lib/attachments/service";
import { SEND_MAIL_JOB, SEND_MAIL_RETRIES, sendQueuedMail } from "@/lib/outbound/service";
import { RECHECK_JOB, recheckJob } from "@/lib/mail/filing/auth-recheck";
import { sendToKindleJob } from "@/lib/kindle/job";
import { KINDLE_JOB, KINDLE_RETRIES } from "@/lib/kindle/service";
import { KEEP_THUMBNAILS_JOB, keepThumbnailsJob } from "@/lib/issues/thumbnail";
import { deliverWebhook, WEBHOOK_JOB, WEBHOOK_RETRIES } from "@/lib/webhooks/delivery";
import { FEED_POLL_JOB, feedPollJob } from "@/lib/feeds-in/service";
import { FEED_IMPORT_JOB, feedImportJob } from "@/lib/feeds-in/opml-import";

/**
 * Every job Paperboy runs: its queue name, the domain's handler, and how it retries. One entry per job;
 * the domain enqueues with enqueueJob(name, data) from @/lib/jobs/queue.
 */
export const jobHandlers: JobRegistry = {
  // Retries come from the inbound row's own schedule (lib/mail/filing/retry.ts), not from the queue's.
  [FILE_INBOUND_JOB]: { handler: fileInboundJob, retryLimit: 0, expireInSeconds: 60, concurrency: 2 },
  // A relay's connection, greeting and socket timeouts (10 + 10 + 30 s) fit inside the expiry.
  [SEND_MAIL_JOB]: { handler: sendQueuedMail, ...SEND_MAIL_RETRIES, expireInSeconds: 120 },
  [PASS_THROUGH_JOB]: { handler: passThroughJob, ...PASS_THROUGH_RETRIES, expireInSeconds: 120 },
  // One call is bounded at 60 s (lib/summaries/client.ts).
  [SUMMARIZE_JOB]: { handler: summarizeJob, ...SUMMARIZE_RETRIES, expireInSeconds: 120, concurrency: 2 },
  [KEEP_ATTACHMENTS_JOB]: { handler: keepAttachmentsJob, retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 120, concurrency: 1 },
  [PASSWORD_RESET_JOB]: { handler: handlePasswordResetJob, retryLimit: 3 },
  // A slice runs about 20 s (lib/imports/job.ts); one that dies with its process expires and runs again.
  [IMPORT_JOB]: { handler: handleImportJob, retryLimit: 20, retryDelaySeconds: 5, expireInSeconds: 120, concurrency: 1 },
  // A batch of 100 messages, each within the 5 s authentication deadline at worst, fits inside the expiry.
  [RECHECK_JOB]: { handler: recheckJob, retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 900, concurrency: 1 },
  // Making the book fetches its images (10 s each at most, most from the cache) before the relay's timeouts.
  [KINDLE_JOB]: { handler: sendToKindleJob, ...KINDLE_RETRIES, expireInSeconds: 600, concurrency: 1 },
  // One attempt waits at most 10 s for the receiver.
  [WEBHOOK_JOB]: { handler: deliverWebhook, ...WEBHOOK_RETRIES, expireInSeconds: 60 },
  // Ten feeds of one fetch each (10 s at most) and their filing; a feed's lease (5 min) outlasts a job cut short.
  [FEED_POLL_JOB]: { handler: feedPollJob, retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 280, concurrency: 1 },
  // Five outlines, each a page and up to three feeds of 10 s, and their archives filed.
  [FEED_IMPORT_JOB]: { handler: feedImportJob, retryLimit: 10, retryDelaySeconds: 10, expireInSeconds: 600, concurrency: 1 },
  // Each picture is fetched within the guard's time limit; a database failure is retried.
  [KEEP_THUMBNAILS_JOB]: { handler: keepThumbnailsJob, retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 300 },
};
