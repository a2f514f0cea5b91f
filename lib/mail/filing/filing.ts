import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "@/db/client";
import type { Recipient } from "@/lib/auth/recipient-service";
import { readersBlocking } from "@/lib/control/service";
import { senderBlockKeys } from "@/lib/control/sender";
import { env } from "@/lib/env";
import { isSharedDomain, type NewsletterIdentity } from "@/lib/mail/content/identity";
import { findCatalogNewsletterFor } from "./identity-repo";
import { receivedDate, type ParsedMessage } from "@/lib/mail/content/parse";
import type { RecipientIdentity } from "@/lib/mail/content/depersonalize";
import { sharedContent, type MailContent, type SharedContent } from "@/lib/mail/content/mail-content";
import { addNewsletterStats, type StatsDelta } from "@/lib/newsletters/totals-service";
import { privateNewsletterFor, recordAuth, recordedAuth, storedAuth, verifiedDomainFor, type SenderAuth } from "@/lib/sender-auth/service";
import type { Announcement, FilingStats } from "./announce";
import { arrivalFor, type Arrival } from "./arrival";
import {
  findEmailIds,
  filingTransaction,
  findCatalogNewsletterByDomain,
  findNewsletterBy,
  insertEmail,
  insertNewsletter,
  markFiled,
  readsBeforeFiling,
  updateDeliveryOutcomes,
  upsertIssue,
  type DeliveryHeader,
  type FiledOutcome,
  type NewsletterRow,
} from "./repo";

/**
 * One stored message to file for its readers. Its shared form may come ready (made off the filing
 * thread for these readers), and its stored row may be marked filed already (an import's new row).
 */
export type Filing = {
  inboundId: number;
  parsed: Pick<ParsedMessage, "messageKey" | "recipients">;
  content: MailContent;
  recipients: Recipient[];
  arrivedAt: Date;
  shared?: SharedContent | null;
  markedFiled?: boolean;
  /**
   * Its sender authentication (lib/sender-auth): whether it may join a shared newsletter or stays the
   * readers' own. Unset (a message filed again later): the results kept when it arrived.
   */
  auth?: SenderAuth;
  /** The readers' rules and screener, when the caller loaded them (once for a batch). */
  arrival?: Arrival;
};

/** A filed message: its readers' email ids, and what the announce stage tells once it has committed. */
export type FiledMessage = { emailIds: number[]; announcement: Announcement };

/**
 * File, the fourth stage: one stored message for its readers, marked filed, in one transaction. A
 * message another filing (a concurrent retry, another instance) marked filed first is left as it is,
 * and announces nothing. A reader who blocked the sender (the original's, for a forward) gets nothing
 * filed, only a log entry.
 */
export async function fileMessage(filing: Filing & { auth: SenderAuth }): Promise<FiledMessage> {
  const userIds = filing.recipients.map((recipient) => recipient.userId);
  // Read together before the transaction, which then holds its connection for the writes alone.
  const [blocking, arrival] = await Promise.all([
    readersBlocking(userIds, blockKeys(filing.content)),
    filing.arrival ?? arrivalFor(readsBeforeFiling(), userIds),
  ]);
  const filed = await filingTransaction((tx) => filePreparedInTransaction(tx, { ...filing, arrival }, blocking));
  const readers = userIds.filter((userId) => !blocking.includes(userId));
  const emailIds = filed.emailIds ?? (await findEmailIds(readers, filing.parsed.messageKey));
  return { emailIds, announcement: { stats: filed.stats ? [filed.stats] : [], emailIds: filed.emailIds } };
}

/**
 * Files one stored message in the caller's filing transaction, for its readers but those in `blocking`:
 * into the shared newsletter it may join, else each reader's own. Its email ids are null when another
 * filing had marked it filed first; its stats go to the announce stage once the transaction has committed.
 */
export async function filePreparedInTransaction(
  tx: Database,
  filing: Filing,
  blocking: number[],
  newsletters: NewsletterCache = new Map(),
): Promise<{ emailIds: number[] | null; stats: FilingStats | null }> {
  const { inboundId, content, recipients } = filing;
  const userIds = recipients.map((recipient) => recipient.userId).filter((userId) => !blocking.includes(userId));
  const blocked: FiledOutcome[] = blocking.map((userId) => ({ userId, outcome: "blocked", emailId: null }));
  // Its authentication, when checked on arrival, is kept by the statement that marks it filed.
  const checked = filing.auth && !filing.markedFiled ? recordedAuth(filing.auth) : undefined;
  if (!filing.markedFiled && !(await markFiled(inboundId, tx, checked))) return { emailIds: null, stats: null };
  const auth = filing.auth ?? (await storedAuth(tx, inboundId));
  if (!checked) await recordAuth(tx, inboundId, auth);
  await updateDeliveryOutcomes(tx, inboundId, blocked, deliveryHeader(content));
  if (userIds.length === 0) return { emailIds: [], stats: null };
  const arrival = filing.arrival ?? (await arrivalFor(tx, userIds));
  const joined = await sharedNewsletter(tx, content.identity, auth, newsletters);
  if (joined) return fileEdition(tx, filing, { letter: joined, userIds, arrival, verifiedDomain: verifiedDomainFor(auth, joined) });
  if (userIds.length === 1) {
    const letter = await privateNewsletterFor(tx, userIds[0], content.identity, claimedWebsite(content.identity));
    return fileEdition(tx, filing, { letter, userIds, arrival, verifiedDomain: null });
  }
  return fileEachReader(tx, filing, userIds, arrival);
}

/** Where one edition goes: its newsletter, the readers who get a copy, and the domain that verified it (null: unverified). */
type Placement = { letter: NewsletterRow; userIds: number[]; arrival: Arrival; verifiedDomain: string | null };

/**
 * Unverified mail to several readers: each gets it in their own private newsletter, as their own edition.
 * Their totals are added in the transaction: a reader's private newsletter is no row others wait on.
 */
async function fileEachReader(tx: Database, filing: Filing, userIds: number[], arrival: Arrival) {
  const emailIds: number[] = [];
  for (const userId of userIds) {
    const recipients = filing.recipients.filter((recipient) => recipient.userId === userId);
    // Addressed to them all at once, its unsubscribe links could be any one's: none keeps them.
    const content = { ...filing.content, unsubscribeHeaders: null };
    const letter = await privateNewsletterFor(tx, userId, content.identity, claimedWebsite(content.identity));
    const filed = await fileEdition(tx, { ...filing, content, recipients }, { letter, userIds: [userId], arrival, verifiedDomain: null });
    emailIds.push(...filed.emailIds);
    if (filed.stats) await addNewsletterStats(filed.stats.newsletterId, filed.stats.delta, tx);
  }
  return { emailIds, stats: null };
}

/** What the delivery log says the message was. */
function deliveryHeader(content: MailContent): DeliveryHeader {
  return { sender: content.from?.address.toLowerCase() ?? null, subject: content.subject || null };
}

/** One edition in its newsletter, and a copy for each of its readers the screener lets through, with their rules run on it. */
async function fileEdition(tx: Database, filing: Filing, placement: Placement): Promise<{ emailIds: number[]; stats: FilingStats | null }> {
  const { inboundId, parsed, content, recipients, arrivedAt } = filing;
  const { letter, userIds, arrival, verifiedDomain } = placement;
  const header = deliveryHeader(content);
  const readers = readerIdentity(recipients);
  const shared = filing.shared ?? sharedContent(content, readers, parsed.recipients);
  // A forward Paperboy could not recognise stays from the reader who sent it: others see no sender, not them.
  const sender = content.from?.address.toLowerCase();
  const fromReader = readers.addresses.some((address) => address.toLowerCase() === sender);
  const dateReceived = receivedDate(content.date, arrivedAt);
  const screened = await arrival.screen(tx, userIds, {
    inboundId,
    sender: content.identity.senderAddress ?? header.sender,
    newsletterId: letter.id,
    confirmation: content.kind === "confirmation",
  });
  const edition = await upsertIssue(tx, {
    newsletterId: letter.id,
    fingerprint: editionFingerprint(content, dateReceived),
    // A message without one has none: the screens say docs/spec.md's "No Subject".
    subject: shared.subject || null,
    senderName: fromReader ? null : content.from?.name || content.identity.name,
    senderEmail: fromReader ? null : (content.from?.address ?? null),
    summary: shared.summary,
    thumbnailUrl: shared.thumbnailUrl,
    bodyHtml: shared.html,
    bodyPlain: shared.text,
    wordCount: content.wordCount,
    publishedAt: dateReceived,
  });
  const emailIds: number[] = [];
  const duplicates: FiledOutcome[] = [];
  const delta: StatsDelta = {
    issues: edition.created ? 1 : 0,
    emails: 0,
    recipients: 0,
    firstPublished: dateReceived,
    lastPublished: dateReceived,
    sendingFrequency: null,
  };
  // Addressed to several readers at once, the links could be any one's: none of them gets another's way out.
  const headers = recipients.length === 1 ? content.unsubscribeHeaders : null;
  const unsubscribe = headers ? { listUnsubscribe: headers.list, listUnsubscribePost: headers.post, seenAt: arrivedAt } : null;
  for (const userId of userIds.filter((reader) => !screened.includes(reader))) {
    const copy = {
      shareId: randomBytes(18).toString("base64url"),
      unsubscribe,
      delivery: { inboundId, outcome: content.kind === "confirmation" ? ("confirmation" as const) : ("filed" as const), header },
    };
    const { id, created, receivedBefore } = await insertEmail(
      tx,
      {
        userId,
        issueId: edition.id,
        newsletterId: letter.id,
        inboundMessageId: inboundId,
        messageKey: parsed.messageKey,
        subject: content.subject || null,
        senderName: content.from?.name || content.identity.name,
        senderEmail: content.from?.address ?? null,
        summary: content.summary,
        thumbnailUrl: content.thumbnailUrl,
        bodyHtml: content.html,
        bodyPlain: content.text,
        wordCount: content.wordCount,
        dateReceived,
        isForwarded: content.isForwarded,
        kind: content.kind,
        confirmationUrl: content.confirmationUrl,
        senderVerified: verifiedDomain !== null,
        senderVerifiedDomain: verifiedDomain,
      },
      copy,
    );
    emailIds.push(id);
    if (!created) {
      duplicates.push({ userId, emailId: id, outcome: "duplicate" });
      continue;
    }
    delta.emails++;
    if (!receivedBefore) delta.recipients++;
    const arriving = {
      from: content.from?.address ?? null,
      listId: content.identity.listId,
      newsletterId: letter.id,
      subject: content.subject,
    };
    await arrival.run(tx, userId, { emailId: id, issueId: edition.id, inboundId }, { ...arriving, body: () => content.text });
  }
  await updateDeliveryOutcomes(tx, inboundId, duplicates, header);
  if (delta.emails === 0 && delta.issues === 0) return { emailIds, stats: null };
  if (edition.created && (letter.source === "mail" || !letter.sendingFrequency)) {
    delta.sendingFrequency = sendingFrequency([dateReceived, ...edition.earlier].sort((a, b) => b.getTime() - a.getTime()).slice(0, 30));
  }
  return { emailIds, stats: { newsletterId: letter.id, delta } };
}

/**
 * The shared newsletter the message may join (docs/contract.md 7.2): only with a passing DKIM signature for the
 * From domain or a parent of it, or for the catalog newsletter's own website domain. Null: it stays the
 * readers' own, and nothing shared is created for it.
 */
async function sharedNewsletter(tx: Database, identity: NewsletterIdentity, auth: SenderAuth, cache: NewsletterCache) {
  if (auth.verifiedDomain) return cachedNewsletter(tx, identity, cache);
  if (auth.passingDomains.length === 0) return null;
  const found = await findNewsletter(tx, identity);
  return found && verifiedDomainFor(auth, found) ? found : null;
}

/** What must not reach anyone but these readers: their names, sign-in addresses and every address of theirs here. */
export function readerIdentity(recipients: Recipient[]): RecipientIdentity {
  return {
    addresses: recipients.flatMap((recipient) => [recipient.email, ...recipient.localParts.map((local) => `${local}@${env.MAIL_DOMAIN}`)]),
    names: recipients.map((recipient) => recipient.name),
    unsubscribeUrls: [],
  };
}

/** What blocks this message: its sender's (the original's, for a forward) address and domains. */
export function blockKeys(content: MailContent): string[] {
  const addresses = [content.from?.address, content.identity.senderAddress].filter((address): address is string => Boolean(address));
  return [...new Set(addresses.flatMap(senderBlockKeys))];
}

/**
 * The newsletters a transaction has found or created, by identity: a batch of one mailbox's messages
 * (an import) asks for the same few again and again, and within its transaction the answer stays.
 */
export type NewsletterCache = Map<string, NewsletterRow>;

async function cachedNewsletter(tx: Database, identity: NewsletterIdentity, cache: NewsletterCache): Promise<NewsletterRow> {
  const key = JSON.stringify(identity);
  const cached = cache.get(key);
  if (cached) return cached;
  const found = await findOrCreateNewsletter(tx, identity);
  cache.set(key, found);
  return found;
}

/** The site of the domain the mail comes from, unless many publishers share it. */
export function claimedWebsite(identity: NewsletterIdentity): string | null {
  return identity.senderDomain && !isSharedDomain(identity.senderDomain) ? `https://${identity.senderDomain}` : null;
}

/** List-Id, then sender address, then sender domain (never a domain many publishers share). */
async function findOrCreateNewsletter(tx: Database, identity: NewsletterIdentity): Promise<NewsletterRow> {
  const existing = await findNewsletter(tx, identity);
  if (existing) return existing;
  const values = {
    source: "mail" as const,
    name: identity.name,
    listId: identity.listId,
    senderAddress: identity.senderAddress,
    senderDomain: identity.senderDomain,
    websiteUrl: claimedWebsite(identity),
  };
  const created = (await insertNewsletter(tx, values)) ?? (await findNewsletter(tx, identity));
  if (created) return created;
  // The sender address already keys another list's newsletter: this list gets its own, keyed by List-Id.
  const separate = await insertNewsletter(tx, { ...values, senderAddress: null });
  if (separate) return separate;
  throw new Error("Newsletter could not be created");
}

async function findNewsletter(tx: Database, identity: NewsletterIdentity): Promise<NewsletterRow | undefined> {
  if (identity.listId) {
    const byList = await findNewsletterBy(tx, "listId", identity.listId);
    if (byList) return byList;
  }
  if (identity.senderAddress) {
    const byAddress = await findNewsletterBy(tx, "senderAddress", identity.senderAddress);
    if (byAddress && (!identity.listId || !byAddress.listId)) return byAddress;
  }
  if (identity.senderAddress?.endsWith("@substack.com")) {
    // Every Substack publication sends from substack.com; its site is <local part>.substack.com.
    return findCatalogNewsletterByDomain(tx, `${identity.senderAddress.slice(0, identity.senderAddress.indexOf("@"))}.substack.com`, true);
  }
  if (!identity.senderDomain || isSharedDomain(identity.senderDomain)) return undefined;
  // Where the catalog has newsletters on the domain, only one the mail names (or the only one) is it.
  const catalog = await findCatalogNewsletterFor(tx, identity, identity.senderDomain);
  if (catalog !== null) return catalog;
  return identity.listId ? undefined : findNewsletterBy(tx, "senderDomain", identity.senderDomain);
}

/**
 * Publishers give each recipient a different Message-ID, so an edition is its newsletter, subject,
 * UTC day and first content image (two editions sent the same day under one subject, a morning and
 * an evening one, differ there); a forward carries the original's subject, date and images, so it
 * joins the same edition.
 */
function editionFingerprint(content: Pick<MailContent, "subject" | "thumbnailUrl">, published: Date): string {
  const subject = content.subject.trim().toLowerCase().replace(/\s+/g, " ");
  const day = published.toISOString().slice(0, 10);
  return createHash("sha256")
    .update(`${subject}\n${day}\n${content.thumbnailUrl ?? ""}`)
    .digest("hex")
    .slice(0, 40);
}

/** The cadence the newsletter really keeps: the median gap between its last issues. */
export function sendingFrequency(published: Date[]): string | null {
  if (published.length < 3) return null;
  const times = published.map((date) => date.getTime()).sort((a, b) => a - b);
  const gaps = times.slice(1).map((time, index) => (time - times[index]) / 86_400_000);
  const median = gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
  if (median < 1.5) return "Daily";
  if (median < 10) return "Weekly";
  if (median < 20) return "Biweekly";
  if (median < 45) return "Monthly";
  return "Irregular";
}
