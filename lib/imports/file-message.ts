import "server-only";
import type { Database } from "@/db/client";
import { describeError, type MessageFacts } from "@/lib/mail/content/prepared-message";
import type { RecipientIdentity } from "@/lib/mail/content/depersonalize";
import type { MailContent, SharedContent } from "@/lib/mail/content/mail-content";
import { env } from "@/lib/env";
import {
  storeAndFileForReader,
  storeAndFileBatchForReader,
  resolveRecipients,
  type ReaderSource,
  type Recipient,
} from "@/lib/mail/service";
import { prepareMessage } from "@/lib/mail/content/worker-pool";
import { headerMessageKey, isNewsletter, looksForwarded, readHeader, type HeaderFacts } from "./classify";
import { findHeldMessages, findKnownSenders, findUniqueLocal, holdsMessage } from "./repo";

export type ImportOutcome = { outcome: "filed" | "skipped" } | { outcome: "failed"; subject: string | null; reason: string };

/** A message of an imported mailbox made ready: either its outcome is already known, or it is a newsletter to file. */
export type ReadyMessage =
  | { outcome: ImportOutcome }
  | { outcome: null; raw: Buffer; arrivedAt: Date; facts: MessageFacts; content: MailContent; shared: SharedContent | null };

const failed = (subject: string | null, reason: string): ImportOutcome => ({ outcome: "failed", subject: subject || null, reason });

/** A message of an imported mailbox as its header alone shows it: its outcome already, or one to prepare. */
export type Screened =
  { outcome: ImportOutcome } | { outcome: null; raw: Buffer; arrivedAt: Date; header: HeaderFacts; listed: boolean; key: string | null };

/**
 * Mail that is no newsletter is skipped from its header alone (docs/contract.md 6.3), as is an unreadable header;
 * the rest waits to be prepared, with the key its header says it would be deduplicated by.
 */
export function screenMessage(raw: Buffer, arrivedAt: Date, knownSenders: ReadonlySet<string>): Screened {
  const header = readHeader(raw);
  if (!header.hasHeader) return { outcome: failed(null, "Not an e-mail message: it has no header.") };
  const listed = isNewsletter(header, knownSenders);
  if (!listed && !looksForwarded(header.subject)) return { outcome: { outcome: "skipped" } };
  return { outcome: null, raw, arrivedAt, header, listed, key: headerMessageKey(header, raw) };
}

/** The reader as filing knows them (by their unique address) and the senders they already read; null once they are gone. */
export async function findReader(userId: number): Promise<{ reader: Recipient; knownSenders: Set<string> } | null> {
  const uniqueLocal = await findUniqueLocal(userId);
  const [reader] = uniqueLocal ? await resolveRecipients([`${uniqueLocal}@${env.MAIL_DOMAIN}`]) : [];
  return reader ? { reader, knownSenders: await findKnownSenders(userId) } : null;
}

/** Which of these messages the reader already holds, by their headers' keys, in one query. */
export async function findHeldKeys(userId: number, screened: Screened[]): Promise<Set<string>> {
  const keys = screened.flatMap((message) => (message.outcome === null && message.key !== null ? [message.key] : []));
  return findHeldMessages(userId, keys);
}

/**
 * Makes a screened message ready as if it had been delivered to the reader: one they already hold is
 * skipped before any parsing (an import run again costs little); a newsletter is parsed and built off
 * the event loop (on the preparing workers), as a delivery is, with its shared form hiding `reader`.
 */
export async function readyMessage(
  screened: Screened,
  held: ReadonlySet<string>,
  knownSenders: ReadonlySet<string>,
  reader: RecipientIdentity,
): Promise<ReadyMessage> {
  if (screened.outcome !== null) return screened;
  const { raw, arrivedAt, header, listed, key } = screened;
  if (key !== null && held.has(key)) return { outcome: { outcome: "skipped" } };
  const prepared = await prepareMessage(raw, [], reader);
  if (!prepared.parsable) return { outcome: failed(header.subject, "Could not be read as an e-mail message.") };
  if (prepared.content === null) return { outcome: failed(header.subject, `Could not be read: ${prepared.failure}`) };
  const { facts, content, shared } = prepared;
  if (!listed && !forwardsNewsletter(content, knownSenders)) return { outcome: { outcome: "skipped" } };
  return { outcome: null, raw, arrivedAt, facts, content, shared };
}

type ToFile = Extract<ReadyMessage, { outcome: null }>;

/**
 * Files a batch of ready messages through the inbound filing path (identity, forwards, dedupe by
 * Message-ID, the message's own Date) in one transaction with `record`, which notes how far the import
 * got: a restart redoes the whole batch or none of it, so nothing is filed twice. Mail the reader
 * already holds is skipped. Should the batch fail, each message is filed on its own, so one bad message
 * costs only itself.
 */
export async function fileMessages(
  reader: Recipient,
  batch: ReadyMessage[],
  record: (outcomes: ImportOutcome[], db?: Database) => Promise<void>,
  source: ReaderSource = "import",
): Promise<void> {
  const toFile = batch.filter((message): message is ToFile => message.outcome === null);
  const held = await findHeldMessages(
    reader.userId,
    toFile.map((message) => message.facts.messageKey),
  );
  const filing: ToFile[] = [];
  const outcomes = batch.map((message): ImportOutcome => {
    if (message.outcome) return message.outcome;
    // Held already, or met earlier in this batch: a mailbox may hold one message twice.
    if (held.has(message.facts.messageKey)) return { outcome: "skipped" };
    held.add(message.facts.messageKey);
    filing.push(message);
    return { outcome: "filed" };
  });
  try {
    await storeAndFileBatchForReader(reader, filing, (tx) => record(outcomes, tx), source);
  } catch {
    const alone: ImportOutcome[] = [];
    for (const message of batch) alone.push(message.outcome ?? (await fileAlone(reader, message, source)));
    await record(alone);
  }
}

async function fileAlone(reader: Recipient, message: ToFile, source: ReaderSource): Promise<ImportOutcome> {
  if (await holdsMessage(reader.userId, message.facts.messageKey)) return { outcome: "skipped" };
  try {
    await storeAndFileForReader(reader, message.raw, message, message.arrivedAt, source);
  } catch (error) {
    return failed(message.content.subject, `Could not be filed: ${describeError(error)}`);
  }
  return { outcome: "filed" };
}

/** A forward the reader made of a newsletter: its original carries list headers or comes from one they read. */
function forwardsNewsletter(content: MailContent, knownSenders: ReadonlySet<string>): boolean {
  if (!content.isForwarded) return false;
  const sender = content.identity.senderAddress;
  return content.identity.listId !== null || content.listUnsubscribe.length > 0 || (sender !== null && knownSenders.has(sender));
}
