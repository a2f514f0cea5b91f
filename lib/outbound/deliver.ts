import "server-only";
import { randomUUID } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";
import { env } from "@/lib/env";
import { logger } from "@/lib/observability/log";
import { writeOutbox } from "./outbox";

/** One message to send. `id` (set by sendMail) keeps a retried job the same message, with the same Message-ID. */
export const OutboundMail = z.object({
  id: z.uuid().optional(),
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  from: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  // The recipient and subject are a reader's personal unsubscribe address: the log names neither.
  private: z.boolean().optional(),
});
export type OutboundMail = z.infer<typeof OutboundMail>;

/** A file sent with a message: handed over as bytes, never through the queue's JSON (which holds no mail body). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

function mailFrom(): string {
  return env.MAIL_FROM ?? `Paperboy <noreply@${env.MAIL_DOMAIN}>`;
}

/** The address Paperboy's own mail comes from (what a reader approves at Amazon for Send to Kindle). */
export function senderAddress(): string {
  const [parsed] = addressparser(mailFrom(), { flatten: true });
  return parsed?.address || `noreply@${env.MAIL_DOMAIN}`;
}

let relay: { url: string; transport: Transporter } | undefined;

function relayTransport(url: string): Transporter {
  if (relay?.url !== url) {
    // Short timeouts: a relay that hangs fails this attempt and the job is retried, instead of holding a worker.
    relay = {
      url,
      transport: nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
    };
  }
  return relay.transport;
}

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

/** Sends through SMTP_URL (throwing when the relay fails), or without one writes the outbox file and logs one line. */
export async function deliverMail(mail: OutboundMail, attachments: MailAttachment[] = []): Promise<void> {
  const id = mail.id ?? randomUUID();
  const message = {
    from: mail.from ?? mailFrom(),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    attachments,
    messageId: `<${id}@${env.MAIL_DOMAIN}>`,
  };
  if (env.SMTP_URL) {
    await relayTransport(env.SMTP_URL).sendMail(message);
    return;
  }
  const { message: raw } = (await composer.sendMail(message)) as { message: Buffer };
  const file = await writeOutbox(id, raw);
  // A JSON line like every log line (docs/contract.md 6.5), naming the recipient and subject so a newcomer can find a reset link (6.1).
  if (mail.private) logger.info({ file }, "Outbound mail written");
  else logger.info({ to: mail.to, subject: mail.subject, file }, `Outbound mail to ${mail.to}, "${mail.subject}", written`);
}

/**
 * Sends a message already composed (a pass-through: a reader's own mail, its bytes as they arrived) with
 * its own envelope, or without SMTP_URL writes those bytes to the outbox. It is the reader's personal
 * mail: the log names neither its recipient nor its subject.
 */
export async function deliverRawMail(mail: { id: string; envelope: { from: string; to: string }; raw: Buffer }): Promise<void> {
  if (env.SMTP_URL) {
    await relayTransport(env.SMTP_URL).sendMail({ envelope: mail.envelope, raw: mail.raw });
    return;
  }
  const file = await writeOutbox(mail.id, mail.raw);
  logger.info({ file }, "Outbound mail written");
}
