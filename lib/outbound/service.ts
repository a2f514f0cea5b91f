import "server-only";
import { randomUUID } from "node:crypto";
import { enqueueJob } from "@/lib/jobs/queue";
import { deliverMail, OutboundMail } from "./deliver";

export const SEND_MAIL_JOB = "send-mail";
// About 5.5 hours of a relay being down (30 s doubling, 8 times) before a message is given up.
export const SEND_MAIL_RETRIES = { retryLimit: 8, retryDelaySeconds: 30 };

/** Queues the message (docs/contract.md 6.1): a relay that is down means retries with backoff, never a lost message. */
export async function sendMail(mail: OutboundMail): Promise<void> {
  await enqueueJob(SEND_MAIL_JOB, OutboundMail.parse({ ...mail, id: mail.id ?? randomUUID() }), SEND_MAIL_RETRIES);
}

/** The `send-mail` job: throws when the relay fails, so the queue tries again later. */
export async function sendQueuedMail(data: unknown): Promise<void> {
  const parsed = OutboundMail.safeParse(data);
  if (!parsed.success) return;
  try {
    await deliverMail(parsed.data);
  } catch (error) {
    // A relay's answer may quote the recipient; the job's failure is kept and logged, so it names only the kind.
    const { code, responseCode } = error as { code?: string; responseCode?: number };
    throw new Error(`The mail relay did not take the message (${[code, responseCode].filter(Boolean).join(" ") || "no answer"})`);
  }
}
