import "server-only";
import { z } from "zod";
import { NotFoundError } from "@/lib/api/errors";
import { gathered } from "@/lib/gather";
import { loadImageIfAvailable, type ProxiedImage } from "@/lib/images/proxy";
import { enqueueJob } from "@/lib/jobs/queue";
import { logger } from "@/lib/observability/log";
import { clearThumbnail, findFiledThumbnails, findThumbnailUrl } from "./repo";

export const KEEP_THUMBNAILS_JOB = "issues.keep-thumbnails";

/**
 * An email card's picture, fetched by the image proxy (docs/contract.md 6.4): `thumbnail_image_url` stays the
 * sender's address, and the reader's browser asks this server for it instead of the sender's. Null when the
 * server cannot fetch it: the card then shows none.
 */
export async function loadThumbnail(userId: number, emailId: number): Promise<ProxiedImage | null> {
  const url = await findThumbnailUrl(userId, emailId);
  if (!url) throw new NotFoundError();
  return loadImageIfAvailable(url);
}

/**
 * After a filing has committed: its emails' pictures are fetched into the image cache on a job, so a card
 * shows a picture the server already holds. Never awaited and never throws, so filing neither waits nor fails.
 */
export function keepThumbnails(emailIds: number[]): void {
  if (emailIds.length === 0) return;
  queueKeep(emailIds).catch((error: unknown) => logger.error({ err: error }, "Thumbnails: could not queue their fetch"));
}

// One job for the emails of the filings that committed while the last one was queued: a burst of deliveries queues a few, not one each.
const queueKeep = gathered<number>((emailIds) => enqueueJob(KEEP_THUMBNAILS_JOB, { emailIds }));

const JobData = z.object({ emailIds: z.array(z.number().int()).max(10_000) });

/**
 * Fetches each new email's picture once, through the guard into the cache; one the server cannot fetch
 * (refused, gone, not an image) is dropped from the emails and their issue, so no card asks for it.
 * Anything else (the database) throws, and the job is retried.
 */
export async function keepThumbnailsJob(data: unknown): Promise<void> {
  const { emailIds } = JobData.parse(data);
  for (const { url, emailIds: ofUrl, issueIds } of await findFiledThumbnails(emailIds)) {
    if (!(await loadImageIfAvailable(url))) await clearThumbnail(url, ofUrl, issueIds);
  }
}
