import "server-only";
import type { Database } from "@/db/client";
import { moveEmailTotals } from "@/lib/newsletters/totals-service";
import { authenticate, isSelfOrParent, summarize, type AuthSource, type Connection, type SenderAuth } from "./authenticate";
import {
  authColumns,
  findEmailsOfInbound,
  findInboundAuth,
  findInboundToRecheck,
  findOrInsertPrivateNewsletter,
  moveEmailToPrivate,
  recheckTransaction,
  updateEmailsVerified,
  updateInboundAuth,
} from "./repo";

export type { SenderAuth, Connection } from "./authenticate";

/** What filing knows of a message that decides what is authenticated: the message, its attached original, or nothing. */
export type SignedContent = { isForwarded: boolean; signedOriginal: Uint8Array | null };

/**
 * The sender authentication of a stored message: the kept result when it was checked before (a filing
 * retried), else a check now. Once per stored message, whatever number of readers it reaches.
 */
export async function authenticateInbound(
  inboundId: number | null,
  raw: Buffer,
  content: SignedContent,
  connection?: Connection,
): Promise<SenderAuth> {
  if (inboundId !== null) {
    const stored = await findInboundAuth(inboundId);
    if (stored?.status === "checked") return summarize(stored.results);
  }
  return authenticateContent(raw, content, connection);
}

export function authenticateContent(raw: Buffer, content: SignedContent, connection?: Connection): Promise<SenderAuth> {
  const source: AuthSource = !content.isForwarded ? "message" : content.signedOriginal ? "attached" : "quoted";
  const bytes = source === "attached" ? Buffer.from(content.signedOriginal!) : raw;
  // The SMTP client connected for the forwarder, not for the original's sender: no SPF for an attached original.
  return authenticate(bytes, source, source === "message" ? connection : undefined);
}

/**
 * The results kept when the message arrived, for a message filed again later (the Screener's release).
 * Never checked: unverified, as a temporary error, so the re-check job looks at it.
 */
export async function storedAuth(tx: Database, inboundId: number): Promise<SenderAuth> {
  const stored = await findInboundAuth(inboundId, tx);
  if (stored) return { ...summarize(stored.results), status: stored.status };
  return {
    status: "temperror",
    verifiedDomain: null,
    passingDomains: [],
    results: { source: "message", from: null, dkim: [], dmarc: null, spf: null },
  };
}

/** What a document that is not mail (a followed feed's entry) carries: nothing signed, checked as such. */
export function unsignedAuth(): SenderAuth {
  return {
    status: "checked",
    verifiedDomain: null,
    passingDomains: [],
    results: { source: "message", from: null, dkim: [], dmarc: null, spf: null },
  };
}

/** Kept with the filing, in its transaction. */
export function recordAuth(tx: Database, inboundId: number, auth: SenderAuth): Promise<void> {
  return updateInboundAuth(inboundId, auth, tx);
}

/** What recordAuth writes, for a statement of the filing's that writes the stored message anyway. */
export function recordedAuth(auth: SenderAuth): ReturnType<typeof authColumns> {
  return authColumns(auth);
}

/**
 * The domain that lets this message join a shared newsletter (docs/contract.md 7.2): a passing DKIM signature
 * for the From domain or a parent of it, or, for a catalog newsletter, for its own website's domain.
 */
export function verifiedDomainFor(auth: SenderAuth, letter: { source: string; websiteUrl: string | null } | null): string | null {
  if (auth.verifiedDomain) return auth.verifiedDomain;
  const host = letter?.source === "catalog" ? websiteHost(letter.websiteUrl) : null;
  return host ? (auth.passingDomains.find((domain) => isSelfOrParent(domain, host)) ?? null) : null;
}

function websiteHost(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

/** Who a private newsletter is for: the sender's List-Id, address and name, as filing identified them. */
export type SenderIdentity = { listId: string | null; senderAddress: string | null; senderDomain: string | null; name: string };

/** The reader's own newsletter for mail of this sender that did not prove its domain. */
export function privateNewsletterFor(tx: Database, userId: number, identity: SenderIdentity, websiteUrl: string | null) {
  const key = identity.listId
    ? `list ${identity.listId}`
    : identity.senderAddress
      ? `address ${identity.senderAddress}`
      : `name ${identity.name}`;
  return findOrInsertPrivateNewsletter(tx, userId, key, { name: identity.name, websiteUrl });
}

/** Stored messages due another check (lib/mail/filing/auth-recheck.ts): unchecked ones in shared newsletters, and DNS failures. */
export function findDueRechecks(retryBefore: Date, afterId: number, limit: number) {
  return findInboundToRecheck(retryBefore, afterId, limit);
}

/**
 * Keeps a re-check's results and acts on them: an email in a shared newsletter that still verifies is
 * marked so; one that no longer does moves to its reader's private newsletter (nothing is deleted). A
 * DNS failure decides nothing: the emails stay where they are until a later check does.
 */
export async function applyRecheck(
  inboundId: number,
  auth: SenderAuth,
  identity: SenderIdentity,
  websiteUrl: string | null,
): Promise<void> {
  const emails = await findEmailsOfInbound(inboundId);
  await recheckTransaction(async (tx) => {
    await updateInboundAuth(inboundId, auth, tx);
    for (const filed of emails) {
      // Already the reader's own: nothing of it is in public view.
      if (filed.private) continue;
      const domain = verifiedDomainFor(auth, filed);
      if (domain) await updateEmailsVerified([filed.id], domain, tx);
      else if (auth.status === "checked") {
        const own = await privateNewsletterFor(tx, filed.userId, identity, websiteUrl);
        await moveEmailToPrivate(tx, filed.id, filed, { newsletterId: own.id });
        await moveEmailTotals(tx, filed.newsletterId, own.id);
      }
    }
  });
}
