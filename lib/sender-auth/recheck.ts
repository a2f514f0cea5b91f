import "server-only";
import { z } from "zod";
import { getDb } from "@/db/client";
import { enqueueJob } from "@/lib/jobs/queue";
import { parseMessage } from "@/lib/mail/parse";
import { buildContent } from "@/lib/mail/process";
import { logger } from "@/lib/observability/log";
import { findEmailsOfInbound, findInboundToRecheck, moveEmailToPrivate, updateEmailsVerified, updateInboundAuth } from "./repo";
import { authenticateContent, privateNewsletterFor, verifiedDomainFor } from "./service";

/**
 * Checks stored mail again, as a job any instance may run: the messages filed into shared newsletters
 * before authentication existed (after the upgrade), and those whose DNS failed on arrival, once
 * RETRY_SECONDS have passed. What no longer verifies (a forgery, or a key since rotated) leaves public
 * view for its reader's private newsletter; nothing is deleted.
 */
export const RECHECK_JOB = "sender-auth-recheck";
/** A message whose DNS failed is checked again this long after. */
export const RETRY_SECONDS = 300;
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
  const rows = await findInboundToRecheck(new Date(Date.now() - RETRY_SECONDS * 1000), afterId, BATCH);
  for (const row of rows) {
    await recheckInbound(row).catch((error: unknown) => logger.error({ err: error, inbound_message_id: row.id }, "Sender re-check failed"));
  }
  // The rest in a next job, so one job never runs past its expiry.
  if (rows.length === BATCH) await enqueueJob(RECHECK_JOB, { afterId: rows[rows.length - 1].id });
}

async function recheckInbound(row: { id: number; raw: Buffer }): Promise<void> {
  const content = await buildContent(await parseMessage(row.raw));
  const auth = await authenticateContent(row.raw, content);
  const emails = await findEmailsOfInbound(row.id);
  await getDb().transaction(async (tx) => {
    await updateInboundAuth(row.id, auth, tx);
    for (const filed of emails) {
      // Already the reader's own: nothing of it is in public view.
      if (filed.private) continue;
      const domain = verifiedDomainFor(auth, filed);
      if (domain) await updateEmailsVerified([filed.id], domain, tx);
      // A DNS failure decides nothing: the email stays where it is until a later check does.
      else if (auth.status === "checked") {
        const own = await privateNewsletterFor(tx, filed.userId, content.identity);
        await moveEmailToPrivate(tx, filed.id, filed, { newsletterId: own.id });
      }
    }
  });
}
