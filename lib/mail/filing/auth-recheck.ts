import "server-only";
import { z } from "zod";
import { enqueueJob } from "@/lib/jobs/queue";
import { logger } from "@/lib/observability/log";
import { bytesOf } from "@/lib/storage/store";
import { applyRecheck, authenticateContent, findDueRechecks } from "@/lib/sender-auth/service";
import { claimedWebsite } from "./filing";
import { prepareMessage } from "@/lib/mail/content/worker-pool";

/**
 * Checks stored mail again, as a job any instance may run: the messages filed into shared newsletters
 * before authentication existed (after the upgrade), and those whose DNS failed on arrival, once
 * RETRY_SECONDS have passed. What no longer verifies (a forgery, or a key since rotated) leaves public
 * view for its reader's private newsletter; nothing is deleted.
 */
export const RECHECK_JOB = "sender-auth-recheck";
/** A message whose DNS failed is checked again this long after. */
const RETRY_SECONDS = 300;
const BATCH = 100;

const payload = z.object({ afterId: z.number().int().min(0).default(0) });

let lastScheduled = 0;

/** Called by the worker's sweep: one job in the queue at a time, at most every RETRY_SECONDS. */
export async function scheduleRecheck(now = Date.now()): Promise<void> {
  if (now - lastScheduled < RETRY_SECONDS * 1000) return;
  lastScheduled = now;
  await enqueueJob(RECHECK_JOB, { afterId: 0 }, { singletonKey: RECHECK_JOB, singletonSeconds: RETRY_SECONDS });
}

export async function recheckJob(data: unknown): Promise<void> {
  const { afterId } = payload.parse(data ?? {});
  const rows = await findDueRechecks(new Date(Date.now() - RETRY_SECONDS * 1000), afterId, BATCH);
  for (const row of rows) {
    await recheckInbound(row).catch((error: unknown) => logger.error({ err: error, inbound_message_id: row.id }, "Sender re-check failed"));
  }
  // The rest in a next job, so one job never runs past its expiry.
  if (rows.length === BATCH) await enqueueJob(RECHECK_JOB, { afterId: rows[rows.length - 1].id });
}

// Prepared on the preparing workers, as a delivery is: a hostile message checked again holds no request up.
async function recheckInbound(row: { id: number; raw: Buffer | null; rawKey: string | null }): Promise<void> {
  const raw = await bytesOf(row.raw, row.rawKey);
  const prepared = await prepareMessage(raw, []);
  if (!prepared.parsable || prepared.content === null) throw new Error(prepared.parsable ? prepared.failure : "Not a parsable message");
  const { content } = prepared;
  const auth = await authenticateContent(raw, content);
  await applyRecheck(row.id, auth, content.identity, claimedWebsite(content.identity));
}
