import "server-only";
import { keysBlockedBy } from "@/lib/control/service";
import type { Recipient } from "@/lib/auth/recipient-service";
import type { Database } from "@/db/client";
import { announceFiled, type FilingStats } from "@/lib/mail/filing/announce";
import { arrivalFor } from "@/lib/mail/filing/arrival";
import { checkMessage, resolveRecipients, type CheckedMessage } from "@/lib/mail/filing/check";
import { blockKeys, fileMessage, filePreparedInTransaction, type FiledMessage, type NewsletterCache } from "@/lib/mail/filing/filing";
import { keepRaw, storeMessage } from "@/lib/mail/filing/store";
import { describeError, type MessageFacts } from "@/lib/mail/content/prepared-message";
import type { MailContent, SharedContent } from "@/lib/mail/content/mail-content";
import {
  filingTransaction,
  findUnfiledInbound,
  insertInboundMessage,
  claimAttempt,
  markFailed,
  type InboundRow,
  type InboundSource,
  type KeptRaw,
} from "@/lib/mail/filing/repo";
import { prepareMessage } from "@/lib/mail/content/worker-pool";
import { logger, scrub } from "@/lib/observability/log";
import { timeStage } from "@/lib/observability/metrics";
import { bytesOf } from "@/lib/storage/store";
import { passPersonalMail } from "@/lib/passthrough/service";
import { queueKeepAttachments } from "@/lib/attachments/service";
import { authenticateContent, authenticateInbound, unsignedAuth, type Connection, type SenderAuth } from "@/lib/sender-auth/service";

export type { Recipient } from "@/lib/auth/recipient-service";
// The check stage's, kept here too: the imports and a connected mailbox find their reader with it.
export { resolveRecipients } from "@/lib/mail/filing/check";

/** What an inbound route answers: 202 stored, 200 a delivery seen before (same ids). */
export type InboundResult = { status: 200 | 202; body: { message_id: number; emails: number[] } };

/**
 * The door every inbound route, the SMTP receiver and the sample issue call: the verify-store-answer
 * order of docs/contract.md section 5, one stage after another, each once. Check (400, 404), store once,
 * authenticate, file, announce; a filing failure leaves the message `failed` and still answers 2xx.
 * Filing here is the fast path: a message it leaves unfiled (a failure, a crash) is filed again by a
 * job (lib/mail/filing/retry.ts).
 */
export async function receiveMessage(
  raw: Buffer,
  source: InboundSource,
  envelope: string[] = [],
  connection?: Connection,
): Promise<InboundResult> {
  const checked = await timeStage("check", () => checkMessage(raw, envelope));
  const stored = await timeStage("store", () => storeMessage(raw, source, checked));
  if (stored.seenBefore) return { status: 200, body: { message_id: stored.row.id, emails: stored.seenBefore } };
  const { content } = checked.prepared;
  // Authenticated once the bytes are stored: a DNS server that never answers delays filing by its timeout, and loses
  // nothing. A row stored just now has no results kept from an earlier attempt to look for.
  const inboundId = stored.created ? null : stored.row.id;
  const auth = content ? await timeStage("authenticate", () => authenticateInbound(inboundId, raw, content, connection)) : null;
  // Pass through: a reader's personal mail goes on to their sign-in address instead of being filed (lib/passthrough).
  const readers =
    content && auth
      ? await timeStage("pass_through", () => passPersonalMail(stored.row.id, raw, content, checked.recipients, { fresh: stored.created }))
      : checked.recipients;
  const filed = await timeStage("file", () =>
    fileOrMarkFailed(stored.row.id, { ...checked, recipients: readers }, stored.row.receivedAt, auth),
  );
  await timeStage("announce", () =>
    Promise.all([announceFiled(filed.announcement), filed.emailIds.length > 0 ? queueKeepAttachments(stored.row.id, raw) : undefined]),
  );
  return { status: stored.created ? 202 : 200, body: { message_id: stored.row.id, emails: filed.emailIds } };
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
  const { row } = await insertInboundMessage(importedAs(reader, facts, await keepRaw(raw), source));
  // A followed feed's entry (lib/feeds-in) is no mail: it carries no signature to check.
  const auth = source === "feed" ? unsignedAuth() : await authenticateInbound(row.id, raw, content);
  const filed = await fileMessage({ inboundId: row.id, parsed: facts, content, recipients: [reader], arrivedAt, auth });
  await announceFiled(filed.announcement);
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
  const kept = await keepAll(messages);
  const stats: FilingStats[] = [];
  await filingTransaction(async (tx) => {
    stats.length = 0;
    const newsletters: NewsletterCache = new Map();
    const arrival = await arrivalFor(tx, [reader.userId]);
    for (const [index, { facts, content, shared, arrivedAt }] of messages.entries()) {
      // A new row is stored filed; one that arrived by mail before is claimed as a delivery's would be.
      const { row, created } = await insertInboundMessage(
        { ...importedAs(reader, facts, kept[index], source), filed: true },
        [],
        undefined,
        tx,
      );
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
  await announceFiled({ stats, emailIds: null });
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

// The batch's bytes are kept (in the bucket, when there is one) a few at a time before its transaction.
async function keepAll(messages: ImportedMessage[]): Promise<KeptRaw[]> {
  const kept: KeptRaw[] = [];
  for (let start = 0; start < messages.length; start += AUTH_CONCURRENCY) {
    const slice = messages.slice(start, start + AUTH_CONCURRENCY);
    kept.push(...(await Promise.all(slice.map((message) => keepRaw(message.raw)))));
  }
  return kept;
}

/** Keyed as a delivery to this reader alone, so the message already arrived by mail is the same row. */
function importedAs(reader: Recipient, facts: MessageFacts, kept: KeptRaw, source: ReaderSource) {
  return { dedupKey: `${facts.messageKey} ${reader.userId}`, source, envelopeTo: [], kept };
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
    const raw = await bytesOf(row.raw, row.rawKey);
    const prepared = await prepareMessage(raw, row.envelopeTo);
    if (!prepared.parsable) throw new Error("Not a parsable message");
    if (prepared.content === null) {
      await markFailed(row.id, prepared.failure);
      return false;
    }
    const { facts, content } = prepared;
    const auth = await authenticateInbound(row.id, raw, content);
    const recipients = await passPersonalMail(row.id, raw, content, await resolveRecipients(facts.recipients));
    const filed = await fileMessage({ inboundId: row.id, parsed: facts, content, recipients, arrivedAt: row.receivedAt, auth });
    await announceFiled(filed.announcement);
    if (filed.emailIds.length > 0) await queueKeepAttachments(row.id, raw);
    return true;
  } catch (error) {
    await markFailed(row.id, describeError(error));
    return false;
  }
}

/** The file stage of a delivery, or, when it cannot be filed, the message marked `failed` with the reason. */
async function fileOrMarkFailed(
  inboundId: number,
  checked: CheckedMessage,
  arrivedAt: Date,
  auth: SenderAuth | null,
): Promise<FiledMessage> {
  const { prepared, recipients } = checked;
  let failure: string;
  if (prepared.content === null || auth === null) failure = prepared.failure ?? "Not authenticated";
  else {
    try {
      return await fileMessage({ inboundId, parsed: prepared.facts, content: prepared.content, recipients, arrivedAt, auth });
    } catch (error) {
      failure = describeError(error);
    }
  }
  logger.error({ inbound_message_id: inboundId, reason: scrub(failure) }, "Inbound message could not be filed");
  await markFailed(inboundId, failure);
  return { emailIds: [], announcement: { stats: [], emailIds: null } };
}

/** Checks a recipient before the message body is sent (SMTP RCPT TO). */
export async function isKnownRecipient(address: string): Promise<boolean> {
  return (await resolveRecipients([address])).length > 0;
}
