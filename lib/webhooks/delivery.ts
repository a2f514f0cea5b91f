import "server-only";
import { createHmac, randomUUID } from "node:crypto";
import { z } from "zod";
import { openSecret } from "@/lib/crypto/seal";
import { gathered } from "@/lib/gather";
import { FetchRefusedError, guardedFetch } from "@/lib/fetch/guarded-fetch";
import { getEmail } from "@/lib/issues/service";
import { enqueueJob } from "@/lib/jobs/queue";
import { logger } from "@/lib/observability/log";
import { findPendingDelivery, findSubscribedWebhooks, insertDeliveries, updateDeliveryAttempt, type PendingDelivery } from "./repo";

export const WEBHOOK_JOB = "deliver-webhook";
/** Six retries 30 s apart, doubling: a receiver that is down for half an hour still gets the event. */
export const WEBHOOK_RETRIES = { retryLimit: 6, retryDelaySeconds: 30 };
const SEND_TIMEOUT_MS = 10_000;
// The receiver's answer is not read, only its status: a large one is cut short.
const MAX_ANSWER_BYTES = 1024 * 1024;
// Refusals that a later attempt may not meet: the receiver was slow, down, or not found for a moment.
const PASSING = /^(timed out|could not connect|could not resolve)/;

/**
 * After a filing has committed: each new email of a reader with an `email.received` webhook becomes
 * a delivery per webhook and a job. Never awaited and never throws, so filing neither waits for
 * this nor fails with it.
 */
export function announceFiledEmails(emailIds: number[]): void {
  if (emailIds.length === 0) return;
  queueEmailReceived(emailIds).catch((error: unknown) => logger.error({ err: error }, "Webhooks: could not queue email.received"));
}

// The emails of the filings that committed while the last were queued go together: one read of their
// webhooks and one insert of their deliveries for a burst of mail, not one each.
const queueEmailReceived = gathered<number>(async (emailIds) => {
  const targets = await findSubscribedWebhooks(emailIds, "email.received");
  const payloads = new Map<number, string>();
  const deliveries = [];
  for (const { webhookId, userId, emailId } of targets) {
    let payload = payloads.get(emailId);
    if (!payload) {
      // The Email as GET /api/issues/{id} answers it for its reader.
      payload = JSON.stringify({
        type: "email.received",
        timestamp: new Date().toISOString(),
        data: { email: await getEmail(userId, emailId) },
      });
      payloads.set(emailId, payload);
    }
    deliveries.push({ webhookId, messageId: `msg_${randomUUID()}`, eventType: "email.received" as const, emailId, payload });
  }
  for (const deliveryId of await insertDeliveries(deliveries)) await enqueueJob(WEBHOOK_JOB, { deliveryId });
});

const JobData = z.object({ deliveryId: z.number().int() });

type Attempt = { delivered: boolean; again: boolean; responseStatus: number | null; error: string | null };

/**
 * One attempt at a delivery (the job's handler): recorded on the delivery, and thrown when a later
 * attempt may succeed (5xx, 429, timeouts, connection failures) so the queue retries it with backoff.
 */
export async function deliverWebhook(data: unknown): Promise<void> {
  const parsed = JobData.safeParse(data);
  if (!parsed.success) return;
  const delivery = await findPendingDelivery(parsed.data.deliveryId);
  if (!delivery) return;
  const attempts = delivery.attempts + 1;
  const attempt = await send(delivery);
  const retrying = !attempt.delivered && attempt.again && attempts <= WEBHOOK_RETRIES.retryLimit;
  await updateDeliveryAttempt(delivery.id, {
    status: attempt.delivered ? "delivered" : retrying ? "pending" : "failed",
    attempts,
    responseStatus: attempt.responseStatus,
    error: attempt.error,
  });
  if (retrying) throw new Error(`Webhook delivery ${delivery.id} will be tried again: ${attempt.error}`);
}

/**
 * Standard Webhooks' `v1` signature: HMAC-SHA256, keyed by the secret's bytes after `whsec_`, of
 * "<id>.<seconds>.<body>", in base64. Node's own HMAC: the library's JavaScript SHA-256 spent about 4% of
 * the server's CPU while mail was filed (bench:ingest, a payload carries the whole email).
 */
function signature(secret: string, messageId: string, at: Date, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signed = createHmac("sha256", key)
    .update(`${messageId}.${Math.floor(at.getTime() / 1000)}.${body}`)
    .digest("base64");
  return `v1,${signed}`;
}

async function send(delivery: PendingDelivery): Promise<Attempt> {
  const secret = openSecret(delivery.userId, delivery.secretSealed);
  if (!secret)
    return {
      delivered: false,
      again: false,
      responseStatus: null,
      error: "The signing secret no longer opens (the encryption key changed).",
    };
  const { payload: body } = delivery;
  // Each attempt is signed at its own time, as receivers refuse old timestamps; the id stays the event's.
  const at = new Date();
  const headers = {
    "content-type": "application/json",
    "webhook-id": delivery.messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signature(secret, delivery.messageId, at, body),
  };
  try {
    const { status } = await guardedFetch(delivery.url, {
      method: "POST",
      headers,
      body,
      timeoutMs: SEND_TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    });
    if (status >= 200 && status < 300) return { delivered: true, again: false, responseStatus: status, error: null };
    return {
      delivered: false,
      again: status >= 500 || status === 429 || status === 408,
      responseStatus: status,
      error: `The receiver answered ${status}.`,
    };
  } catch (error) {
    if (!(error instanceof FetchRefusedError)) throw error;
    return { delivered: false, again: PASSING.test(error.reason), responseStatus: null, error: `Not sent: ${error.reason}.` };
  }
}
