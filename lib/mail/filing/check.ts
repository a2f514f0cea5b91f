import "server-only";
import { BadRequestError, NotFoundError } from "@/lib/api/errors";
import { recipientLocalPart } from "@/lib/auth/addresses";
import { readersOfLocalParts, type Recipient } from "@/lib/auth/recipient-service";
import { env } from "@/lib/env";
import { stripNul } from "@/lib/mail/content/parse";
import type { PreparedMessage } from "@/lib/mail/content/prepared-message";
import { prepareMessage } from "@/lib/mail/content/worker-pool";
import type { DeliveryHeader, DeliveryTarget } from "./repo";

/** A message that may be stored: parsed, with the readers it reaches and what each one's delivery log says. */
export type CheckedMessage = {
  envelopeTo: string[];
  prepared: PreparedMessage & { parsable: true };
  recipients: Recipient[];
  targets: DeliveryTarget[];
  header: DeliveryHeader;
};

/**
 * Check, the first stage of filing: the message is prepared (lib/mail/content) and must be one, with
 * headers (400), for a reader here (404). Nothing is stored yet.
 */
export async function checkMessage(raw: Buffer, envelope: string[]): Promise<CheckedMessage> {
  if (raw.length === 0) throw new BadRequestError("Empty message");
  // Stored as text, which PostgreSQL refuses with a NUL in it; no address has one.
  const envelopeTo = envelope.map(stripNul);
  const prepared = await prepareMessage(raw, envelopeTo);
  if (!prepared.parsable || !prepared.facts.hasHeaders) throw new BadRequestError("Not a parsable message");
  const { facts } = prepared;
  const recipients = await resolveRecipients(facts.recipients);
  if (recipients.length === 0) throw new NotFoundError("Unknown recipient");
  const targets = deliveryTargets(recipients, facts.recipients);
  const header = { sender: facts.from?.address.toLowerCase() ?? null, subject: facts.subject || null };
  return { envelopeTo, prepared, recipients, targets, header };
}

/** Users any recipient on MAIL_DOMAIN belongs to (current or earlier address; case and +tag ignored), by id. */
export async function resolveRecipients(addresses: string[]): Promise<Recipient[]> {
  const domain = `@${env.MAIL_DOMAIN.toLowerCase()}`;
  const localParts = [...new Set(addresses.filter((address) => address.toLowerCase().endsWith(domain)).map(recipientLocalPart))];
  return readersOfLocalParts(localParts);
}

/** For each reader, the first of the message's addresses that is theirs: what their delivery log names. */
function deliveryTargets(recipients: Recipient[], addresses: string[]): DeliveryTarget[] {
  const domain = `@${env.MAIL_DOMAIN.toLowerCase()}`;
  const ours = addresses.filter((address) => address.toLowerCase().endsWith(domain));
  return recipients.map((recipient) => {
    const own = ours.find((address) => recipient.localParts.includes(recipientLocalPart(address)));
    return { userId: recipient.userId, recipient: (own ?? `${recipient.localParts.at(-1)}${domain}`).toLowerCase() };
  });
}
