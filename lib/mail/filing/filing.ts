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
import { sharedContent, type MailContent, type SharedContent } from "@/lib/mail/content/build";
import { logger } from "@/lib/observability/log";
import { considerForPublic } from "@/lib/newsletters/public-review";
import { privateNewsletterFor, recordAuth, storedAuth, verifiedDomainFor, type SenderAuth } from "@/lib/sender-auth/service";
import { announceFiledEmails } from "@/lib/webhooks/delivery";
import { keepThumbnails } from "@/lib/issues/thumbnail";
import { arrivalFor, type Arrival } from "@/lib/rules/arrival";
import {
  addNewsletterStats,
  findEmailIds,
  filingTransaction,
  findCatalogNewsletterByDomain,
  findNewsletterBy,
  insertEmail,
  insertNewsletter,
  markFiled,
  updateDeliveryOutcomes,
  upsertIssue,
  type FiledOutcome,
  type NewsletterRow,
  type StatsDelta,
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

/** What a filing adds to a newsletter's totals, applied after its commit. */
export type FilingStats = { newsletterId: number; delta: StatsDelta };

/**
 * Files one stored message for its users, and marks it filed, in one transaction; returns their email ids.
 * A message another filing (a concurrent retry, another instance) marked filed first is left as it is.
 * A reader who blocked the sender (the original's, for a forward) gets nothing filed, only a log entry.
 */
export async function filePrepared(
  inboundId: number,
  parsed: Pick<ParsedMessage, "messageKey" | "recipients">,
  content: MailContent,
  recipients: Recipient[],
  arrivedAt: Date,
  auth: SenderAuth,
): Promise<number[]> {
  const filing = { inboundId, parsed, content, recipients, arrivedAt, auth };
  const blocking = await readersBlocking(
    recipients.map((recipient) => recipient.userId),
    blockKeys(content),
  );
  const filed = await filingTransaction((tx) => filePreparedInTransaction(tx, filing, blocking));
  await addFilingStats(filed.stats ? [filed.stats] : []);
  if (filed.emailIds) announceFiledEmails(filed.emailIds);
  if (filed.emailIds) keepThumbnails(filed.emailIds);
  const userIds = recipients.map((recipient) => recipient.userId).filter((userId) => !blocking.includes(userId));
  return filed.emailIds ?? findEmailIds(userIds, parsed.messageKey);
}

/**
 * Files one stored message in the caller's filing transaction, for its readers but those in `blocking`.
 * Its email ids are null when another filing had marked it filed first; its stats go to addFilingStats
 * once the transaction has committed.
 */
export async function filePreparedInTransaction(
  tx: Database,
  filing: Filing,
  blocking: number[],
  newsletters: NewsletterCache = new Map(),
): Promise<{ emailIds: number[] | null; stats: FilingStats | null }> {
  const { inboundId, parsed, content, recipients, arrivedAt, ...ready } = filing;
  const userIds = recipients.map((recipient) => recipient.userId).filter((userId) => !blocking.includes(userId));
  const blocked: FiledOutcome[] = blocking.map((userId) => ({ userId, outcome: "blocked", emailId: null }));
  const header = { sender: content.from?.address.toLowerCase() ?? null, subject: content.subject || null };
  const readers = readerIdentity(recipients);
  const shared = ready.shared ?? sharedContent(content, readers, parsed.recipients);
  // A forward Paperboy could not recognise stays from the reader who sent it: others see no sender, not them.
  const sender = content.from?.address.toLowerCase();
  const fromReader = readers.addresses.some((address) => address.toLowerCase() === sender);
  const dateReceived = receivedDate(content.date, arrivedAt);
  if (!ready.markedFiled && !(await markFiled(inboundId, tx))) return { emailIds: null, stats: null };
  const auth = ready.auth ?? (await storedAuth(tx, inboundId));
  await recordAuth(tx, inboundId, auth);
  await updateDeliveryOutcomes(tx, inboundId, blocked, header);
  if (userIds.length === 0) return { emailIds: [], stats: null };
  const joined = await sharedNewsletter(tx, content.identity, auth, newsletters);
  if (!joined && userIds.length > 1) return fileEachReader(tx, { ...filing, auth }, userIds, newsletters);
  const letter = joined ?? (await privateNewsletterFor(tx, userIds[0], content.identity, claimedWebsite(content.identity)));
  const verifiedDomain = joined ? verifiedDomainFor(auth, joined) : null;
  const arrival = ready.arrival ?? (await arrivalFor(tx, userIds));
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

/**
 * Unverified mail to several readers: each gets it in their own private newsletter, as their own edition.
 * Their totals are added in the transaction: a reader's private newsletter is no row others wait on.
 */
async function fileEachReader(tx: Database, filing: Filing, userIds: number[], newsletters: NewsletterCache) {
  const emailIds: number[] = [];
  for (const userId of userIds) {
    const recipients = filing.recipients.filter((recipient) => recipient.userId === userId);
    // Addressed to them all at once, its unsubscribe links could be any one's: none keeps them.
    const content = { ...filing.content, unsubscribeHeaders: null };
    const filed = await filePreparedInTransaction(tx, { ...filing, content, recipients, markedFiled: true }, [], newsletters);
    emailIds.push(...(filed.emailIds ?? []));
    if (filed.stats) await addNewsletterStats(filed.stats.newsletterId, filed.stats.delta, tx);
  }
  return { emailIds, stats: null };
}

/**
 * Adds committed filings to their newsletters' totals, one statement per newsletter, each outside the
 * filing transaction: every delivery of a newsletter updates its one row, and holding that row's lock
 * until the filing committed made concurrent deliveries wait in line.
 */
export async function addFilingStats(filed: FilingStats[]): Promise<void> {
  const merged = new Map<number, StatsDelta>();
  for (const { newsletterId, delta } of filed) {
    const sum = merged.get(newsletterId);
    merged.set(
      newsletterId,
      sum
        ? {
            issues: sum.issues + delta.issues,
            emails: sum.emails + delta.emails,
            recipients: sum.recipients + delta.recipients,
            firstPublished: delta.firstPublished < sum.firstPublished ? delta.firstPublished : sum.firstPublished,
            lastPublished: delta.lastPublished > sum.lastPublished ? delta.lastPublished : sum.lastPublished,
            // The later filing saw the earlier one's issue.
            sendingFrequency: delta.sendingFrequency ?? sum.sendingFrequency,
          }
        : delta,
    );
  }
  for (const [newsletterId, delta] of merged) {
    await addNewsletterStats(newsletterId, delta).catch((error: unknown) => {
      logger.error({ err: error, newsletter_id: newsletterId }, "Newsletter totals missed a filing");
    });
  }
  await considerForPublic([...merged.keys()]);
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
