import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Recipient } from "@/lib/auth/recipient-service";
import { authSecret, env } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/queue";
import type { MailContent } from "@/lib/mail/content/mail-content";
import { logger } from "@/lib/observability/log";
import { deliverRawMail } from "@/lib/outbound/deliver";
import { SEND_MAIL_RETRIES } from "@/lib/outbound/service";
import { bytesOf } from "@/lib/storage/store";
import { classifyMail, mailSigns, type SenderChoice } from "./classify";
import { forwardedBytes, isLoop, originalSender, srsAddress } from "./forward";
import { readHeaders } from "./headers";
import { claimDeliveries, findForwarding, findHandledReaders, findPassedThrough, findSenderChoices } from "./repo";

export const PASS_THROUGH_JOB = "pass-through";
// A relay that is down delays a pass-through as long as any outbound mail (lib/outbound).
export const PASS_THROUGH_RETRIES = SEND_MAIL_RETRIES;

const PassThroughJob = z.object({ inboundId: z.number().int(), userId: z.number().int() });

/**
 * Pass through, between authenticate and file (docs/contract.md 8.4): for each reader whose copy is
 * personal mail (by lib/passthrough/classify.ts and their own choices) and who forwards it, the delivery
 * becomes `passed_through` and a job forwards the message to their sign-in address; it is never filed,
 * so no feed, trending, discovery, webhook or feed out sees it. A forward of ours that came back is
 * stopped (`looped`) for every reader. Returns the recipients left to file; a message taken up again
 * (a retry) leaves out those handled before, and forwards nothing twice. A `fresh` message (stored by
 * this delivery) has no delivery handled before: only those claimed here are left out.
 */
export async function passPersonalMail(
  inboundId: number,
  raw: Buffer,
  content: MailContent,
  recipients: Recipient[],
  options: { fresh: boolean } = { fresh: false },
): Promise<Recipient[]> {
  const headers = readHeaders(raw);
  const userIds = recipients.map((recipient) => recipient.userId);
  if (isLoop(headers, env.MAIL_DOMAIN)) {
    if ((await claimDeliveries(inboundId, userIds, "looped")).length > 0) {
      logger.warn({ inbound_message_id: inboundId }, "A passed-through message came back: the mail loop is stopped");
    }
    return [];
  }
  const sender = content.from?.address.toLowerCase();
  const [choices, forwarding] = await Promise.all([
    sender ? findSenderChoices(userIds, sender) : new Map<number, SenderChoice>(),
    findForwarding(userIds),
  ]);
  const signs = mailSigns(headers, content);
  const personal = userIds.filter((userId) => {
    const choice = choices.get(userId) ?? null;
    return classifyMail(signs, choice).kind === "personal" && (choice === "forward" || forwarding.get(userId));
  });
  const claimed = await claimDeliveries(inboundId, personal, "passed_through");
  for (const userId of claimed) await enqueueJob(PASS_THROUGH_JOB, { inboundId, userId }, PASS_THROUGH_RETRIES);
  const handled = new Set(options.fresh ? claimed : await findHandledReaders(inboundId));
  return recipients.filter((recipient) => !handled.has(recipient.userId));
}

/** The `pass-through` job: the stored message, as it arrived, to the reader's sign-in address; throws (and is retried) when the relay fails. */
export async function passThroughJob(data: unknown): Promise<void> {
  const parsed = PassThroughJob.safeParse(data);
  if (!parsed.success) return;
  const { inboundId, userId } = parsed.data;
  // Gone (the reader left, the message was deleted): nothing to forward.
  const found = await findPassedThrough(inboundId, userId);
  if (!found) return;
  const id = stableId(inboundId, userId);
  const stored = await bytesOf(found.raw, found.rawKey);
  const envelopeFrom = srsAddress(originalSender(readHeaders(stored)), env.MAIL_DOMAIN, authSecret());
  const raw = forwardedBytes(stored, {
    to: found.signIn,
    from: `Paperboy <noreply@${env.MAIL_DOMAIN}>`,
    messageId: id,
    mailDomain: env.MAIL_DOMAIN,
  });
  try {
    await deliverRawMail({ id, envelope: { from: envelopeFrom, to: found.signIn }, raw });
  } catch (error) {
    const { code, responseCode } = error as { code?: string; responseCode?: number };
    throw new Error(
      `The mail relay did not take the passed-through message (${[code, responseCode].filter(Boolean).join(" ") || "no answer"})`,
    );
  }
}

/** One id per message and reader, as a UUID: a retried job writes the same Resent-Message-ID. */
function stableId(inboundId: number, userId: number): string {
  const hex = createHash("sha256").update(`pass-through ${inboundId} ${userId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
