import "server-only";
import { describeError } from "@/lib/mail/prepare";
import type { MailContent } from "@/lib/mail/process";
import { fileImportedMessage, type Recipient } from "@/lib/mail/service";
import { prepareMessage } from "@/lib/mail/worker-pool";
import { isNewsletter, looksForwarded, readHeader } from "./classify";
import { holdsMessage } from "./repo";

export type ImportOutcome = { outcome: "filed" | "skipped" } | { outcome: "failed"; subject: string | null; reason: string };

const failed = (subject: string | null, reason: string): ImportOutcome => ({ outcome: "failed", subject: subject || null, reason });

/**
 * Files one message of an imported mailbox as if it had been delivered to the reader: stored raw, then
 * the inbound filing path (identity, forwards, dedupe by Message-ID, the message's own Date). Mail that
 * is no newsletter, and mail the reader already holds, is skipped.
 */
export async function importMessage(
  reader: Recipient,
  raw: Buffer,
  arrivedAt: Date,
  knownSenders: ReadonlySet<string>,
): Promise<ImportOutcome> {
  const header = readHeader(raw);
  if (!header.hasHeader) return failed(null, "Not an e-mail message: it has no header.");
  const listed = isNewsletter(header, knownSenders);
  if (!listed && !looksForwarded(header.subject)) return { outcome: "skipped" };
  // Parsed and built off the event loop (on the server's preparing workers), as a delivery is.
  const prepared = await prepareMessage(raw, []);
  if (!prepared.parsable) return failed(header.subject, "Could not be read as an e-mail message.");
  if (prepared.content === null) return failed(header.subject, `Could not be read: ${prepared.failure}`);
  const { facts: parsed, content } = prepared;
  if (!listed && !forwardsNewsletter(content, knownSenders)) return { outcome: "skipped" };
  if (await holdsMessage(reader.userId, parsed.messageKey)) return { outcome: "skipped" };
  try {
    await fileImportedMessage(reader, raw, { facts: parsed, content }, arrivedAt);
  } catch (error) {
    return failed(content.subject, `Could not be filed: ${describeError(error)}`);
  }
  return { outcome: "filed" };
}

/** A forward the reader made of a newsletter: its original carries list headers or comes from one they read. */
function forwardsNewsletter(content: MailContent, knownSenders: ReadonlySet<string>): boolean {
  if (!content.isForwarded) return false;
  const sender = content.identity.senderAddress;
  return content.identity.listId !== null || content.listUnsubscribe.length > 0 || (sender !== null && knownSenders.has(sender));
}
