import "server-only";
import { randomUUID } from "node:crypto";
import { deliverMail, OutboundMail } from "./deliver";

export const SEND_MAIL_JOB = "send-mail";

/**
 * Sends one message (CONTRACT 6.1). Until the job queue is on main this delivers at once; it becomes
 * an enqueued `send-mail` job retried with backoff, with this same signature.
 */
export async function sendMail(mail: OutboundMail): Promise<void> {
  await deliverMail(OutboundMail.parse({ ...mail, id: mail.id ?? randomUUID() }));
}

/** The `send-mail` job: throws on a relay failure so the queue tries again later. */
export async function sendQueuedMail(data: unknown): Promise<void> {
  const parsed = OutboundMail.safeParse(data);
  if (!parsed.success) return;
  await deliverMail(parsed.data);
}
