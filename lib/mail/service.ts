import "server-only";
import { BadRequestError, NotFoundError } from "@/lib/api/errors";
import { keysBlockedBy } from "@/lib/control/service";
import { recipientLocalPart } from "@/lib/auth/addresses";
import { readersOfLocalParts, type Recipient } from "@/lib/auth/recipient-service";
import { env } from "@/lib/env";
import type { Database } from "@/db/client";
import {
  addFilingStats,
  blockKeys,
  filePrepared,
  filePreparedInTransaction,
  type FilingStats,
  type NewsletterCache,
} from "@/lib/mail/filing/filing";
import { stripNul } from "@/lib/mail/content/parse";
import { describeError, type MessageFacts, type PreparedMessage } from "@/lib/mail/content/prepare";
import type { MailContent, SharedContent } from "@/lib/mail/content/build";
import {
  findEmailIds,
  filingTransaction,
  findUnfiledInbound,
  insertDuplicateDeliveries,
  insertInboundMessage,
  claimAttempt,
  markFailed,
  type DeliveryTarget,
  type InboundRow,
  type InboundSource,
} from "@/lib/mail/filing/repo";
import { prepareMessage } from "@/lib/mail/content/worker-pool";
import { arrivalFor } from "@/lib/rules/arrival";
import { logger, scrub } from "@/lib/observability/log";
import { authenticateContent, authenticateInbound, unsignedAuth, type Connection, type SenderAuth } from "@/lib/sender-auth/service";

export type { Recipient } from "@/lib/auth/recipient-service";

/** What an inbound route answers: 202 stored, 200 a delivery seen before (same ids). */
export type InboundResult = { status: 200 | 202; body: { message_id: number; emails: number[] } };

/**
 * Verify-store-answer order of docs/contract.md section 5: the message is parsed enough to find its users
 * (400, 404), stored once, then filed; a filing failure leaves it `failed` and still answers 2xx.
 * Filing here is the fast path: a message it leaves unfiled (a failure, a crash) is filed again by a
 * job (lib/mail/filing/retry.ts).
 */
export async function receiveMessage(
  raw: Buffer,
  source: InboundSource,
  envelope: string[] = [],
  connection?: Connection,
): Promise<InboundResult> {
  if (raw.length === 0) throw new BadRequestError("Empty message");
  // Stored as text, which PostgreSQL refuses with a NUL in it; no address has one.
  const envelopeTo = envelope.map(stripNul);
  const prepared = await prepareMessage(raw, envelopeTo);
  if (!prepared.parsable || !prepared.facts.hasHeaders) throw new BadRequestError("Not a parsable message");
  const { facts } = prepared;
  const recipients = await resolveRecipients(facts.recipients);
  if (recipients.length === 0) throw new NotFoundError("Unknown recipient");
  const userIds = recipients.map((recipient) => recipient.userId);
  const targets = deliveryTargets(recipients, facts.recipients);
  const header = { sender: facts.from?.address.toLowerCase() ?? null, subject: facts.subject || null };
  const { row, created } = await insertInboundMessage(
    { dedupKey: `${facts.messageKey} ${userIds.join(",")}`, source, envelopeTo, raw },
    targets,
    header,
  );
  if (!created && (row.status === "filed" || !(await claimAttempt(row.id)))) {
    await insertDuplicateDeliveries(row.id, targets, header, facts.messageKey);
    return { status: 200, body: { message_id: row.id, emails: await findEmailIds(userIds, facts.messageKey) } };
  }
  // Authenticated once the bytes are stored: a DNS server that never answers delays filing by its timeout, and loses nothing.
  const auth = prepared.content ? await authenticateInbound(row.id, raw, prepared.content, connection) : null;
  const emails = await filePreparedOrMarkFailed(row.id, prepared, recipients, row.receivedAt, auth);
  return { status: created ? 202 : 200, body: { message_id: row.id, emails } };
}

/**
 * Stores one message of a reader's own mailbox (an import) and files it for them alone. Keyed as a
 * delivery to this reader, so a message that already arrived by mail is the same row.
 */
export async function storeAndFileForReader(
  reader: Recipient,
  raw: Buffer,
  prepared: { facts: MessageFacts; content: MailContent },
  arrivedAt: Date,
  source: ReaderSource = "import",
): Promise<void> {
  const { facts, content } = prepared;
  const { row } = await insertInboundMessage(importedAs(reader, facts, raw, source));
  // A followed feed's entry (lib/feeds-in) is no mail: it carries no signature to check.
  const auth = source === "feed" ? unsignedAuth() : await authenticateInbound(row.id, raw, content);
  await filePrepared(row.id, facts, content, [reader], arrivedAt, auth);
}

/** Where a reader's own mail came from: an uploaded mailbox, one connected over IMAP, or a feed they follow. */
export type ReaderSource = Extract<InboundSource, "import" | "imap" | "feed">;

/** A message of a reader's imported mailbox, prepared for filing (its shared form too, when made for this reader). */
export type ImportedMessage = { raw: Buffer; facts: MessageFacts; content: MailContent; shared: SharedContent | null; arrivedAt: Date };

/**
 * Files a batch of one reader's imported messages in one transaction, with `alongside` (the import's
 * record of how far it got) in the same transaction: a crash loses all of it or none, and the file they
 * came from is still there to read again, so the commit need not wait for the disk. One statement per
 * newsletter then adds them to its totals.
 */
export async function storeAndFileBatchForReader(
  reader: Recipient,
  messages: ImportedMessage[],
  alongside: (tx: Database) => Promise<void>,
  source: ReaderSource = "import",
): Promise<void> {
  const blocked = await keysBlockedBy(reader.userId, [...new Set(messages.flatMap((message) => blockKeys(message.content)))]);
  const auths = await authenticateAll(messages);
  const stats: FilingStats[] = [];
  await filingTransaction(async (tx) => {
    stats.length = 0;
    const newsletters: NewsletterCache = new Map();
    const arrival = await arrivalFor(tx, [reader.userId]);
    for (const [index, { raw, facts, content, shared, arrivedAt }] of messages.entries()) {
      // A new row is stored filed; one that arrived by mail before is claimed as a delivery's would be.
      const { row, created } = await insertInboundMessage({ ...importedAs(reader, facts, raw, source), filed: true }, [], undefined, tx);
      const blocking = blockKeys(content).some((key) => blocked.has(key)) ? [reader.userId] : [];
      const filed = await filePreparedInTransaction(
        tx,
        {
          inboundId: row.id,
          parsed: facts,
          content,
          recipients: [reader],
          arrivedAt,
          shared,
          markedFiled: created,
          arrival,
          auth: auths[index],
        },
        blocking,
        newsletters,
      );
      if (filed.stats) stats.push(filed.stats);
    }
    await alongside(tx);
  });
  await addFilingStats(stats);
}

// Authenticated a few at a time before the batch's transaction, which then holds no DNS wait.
const AUTH_CONCURRENCY = 8;

async function authenticateAll(messages: ImportedMessage[]): Promise<SenderAuth[]> {
  const auths: SenderAuth[] = [];
  for (let start = 0; start < messages.length; start += AUTH_CONCURRENCY) {
    const slice = messages.slice(start, start + AUTH_CONCURRENCY);
    auths.push(...(await Promise.all(slice.map((message) => authenticateContent(message.raw, message.content)))));
  }
  return auths;
}

/** Keyed as a delivery to this reader alone, so the message already arrived by mail is the same row. */
function importedAs(reader: Recipient, facts: MessageFacts, raw: Buffer, source: ReaderSource) {
  return { dedupKey: `${facts.messageKey} ${reader.userId}`, source, envelopeTo: [], raw };
}

/** Files every failed (or abandoned) message again (npm run mail:reprocess); returns how many are now filed. */
export async function reprocessFailed(limit = 1000): Promise<{ filed: number; failed: number }> {
  const rows = await findUnfiledInbound(new Date(Date.now() - 10 * 60_000), limit);
  let filed = 0;
  // One filed meanwhile (by a job, another instance) counts as filed.
  for (const row of rows) if (!(await claimAttempt(row.id)) || (await prepareAndFileStored(row))) filed++;
  return { filed, failed: rows.length - filed };
}

/**
 * Files a stored message from its raw bytes; on failure marks it `failed` with the reason. True when filed.
 * It is prepared on the preparing workers, as a delivery is, so a retried hostile message holds no request up.
 */
export async function prepareAndFileStored(row: InboundRow): Promise<boolean> {
  try {
    const prepared = await prepareMessage(row.raw, row.envelopeTo);
    if (!prepared.parsable) throw new Error("Not a parsable message");
    if (prepared.content === null) {
      await markFailed(row.id, prepared.failure);
      return false;
    }
    const recipients = await resolveRecipients(prepared.facts.recipients);
    const auth = await authenticateInbound(row.id, row.raw, prepared.content);
    await filePrepared(row.id, prepared.facts, prepared.content, recipients, row.receivedAt, auth);
    return true;
  } catch (error) {
    await markFailed(row.id, describeError(error));
    return false;
  }
}

async function filePreparedOrMarkFailed(
  inboundId: number,
  prepared: PreparedMessage & { parsable: true },
  recipients: Recipient[],
  arrivedAt: Date,
  auth: SenderAuth | null,
): Promise<number[]> {
  let failure: string;
  if (prepared.content === null || auth === null) failure = prepared.failure ?? "Not authenticated";
  else {
    try {
      return await filePrepared(inboundId, prepared.facts, prepared.content, recipients, arrivedAt, auth);
    } catch (error) {
      failure = describeError(error);
    }
  }
  logger.error({ inbound_message_id: inboundId, reason: scrub(failure) }, "Inbound message could not be filed");
  await markFailed(inboundId, failure);
  return [];
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

/** Checks a recipient before the message body is sent (SMTP RCPT TO). */
export async function isKnownRecipient(address: string): Promise<boolean> {
  return (await resolveRecipients([address])).length > 0;
}
