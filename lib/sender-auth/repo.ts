import "server-only";
import { and, asc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { email, inboundMessage, issue, newsletter, privateNewsletter } from "@/db/schema";
import type { AuthResults, SenderAuth } from "./authenticate";

export function recheckTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
  return getDb().transaction(work);
}

/** The columns of a stored message that keep its authentication. */
export function authColumns(auth: SenderAuth) {
  return { authStatus: auth.status, authResults: auth.results, senderVerifiedDomain: auth.verifiedDomain, authCheckedAt: new Date() };
}

/** Keeps one stored message's authentication, in the filing's transaction or on its own. */
export async function updateInboundAuth(inboundId: number, auth: SenderAuth, db: Database = getDb()): Promise<void> {
  await db.update(inboundMessage).set(authColumns(auth)).where(eq(inboundMessage.id, inboundId));
}

/** The results kept for a stored message, or null while it was never checked. */
export async function findInboundAuth(
  inboundId: number,
  db: Database = getDb(),
): Promise<{ status: SenderAuth["status"]; results: AuthResults } | null> {
  const [row] = await db
    .select({ status: inboundMessage.authStatus, results: inboundMessage.authResults })
    .from(inboundMessage)
    .where(eq(inboundMessage.id, inboundId));
  if (!row || row.status === "pending" || !row.results) return null;
  return { status: row.status, results: row.results as AuthResults };
}

/** The reader's own private newsletter for this sender identity, made on first use. */
export async function findOrInsertPrivateNewsletter(
  tx: Database,
  userId: number,
  identityKey: string,
  values: { name: string; websiteUrl: string | null },
): Promise<typeof newsletter.$inferSelect> {
  const [known] = await tx
    .select({ newsletter })
    .from(privateNewsletter)
    .innerJoin(newsletter, eq(newsletter.id, privateNewsletter.newsletterId))
    .where(and(eq(privateNewsletter.userId, userId), eq(privateNewsletter.identityKey, identityKey)));
  if (known) return known.newsletter;
  // Two filings for one reader at once: the key's lock makes the second wait, then find the first's.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`private-newsletter ${userId} ${identityKey}`}))`);
  const [raced] = await tx
    .select({ newsletter })
    .from(privateNewsletter)
    .innerJoin(newsletter, eq(newsletter.id, privateNewsletter.newsletterId))
    .where(and(eq(privateNewsletter.userId, userId), eq(privateNewsletter.identityKey, identityKey)));
  if (raced) return raced.newsletter;
  const [created] = await tx.insert(newsletter).values({ source: "mail", name: values.name, websiteUrl: values.websiteUrl }).returning();
  await tx.insert(privateNewsletter).values({ userId, identityKey, newsletterId: created.id });
  return created;
}

/** Newsletters that are private readers' own: no one else's filing, and no rule of publicness, may touch them. */
function isPrivateNewsletter() {
  return sql`exists (select 1 from ${privateNewsletter} where ${privateNewsletter.newsletterId} = ${newsletter.id})`;
}

/**
 * Stored messages due a check: those never checked whose emails sit in a shared newsletter (mail
 * filed before authentication existed), and those whose DNS failed, `retryAfter` or more ago.
 */
export async function findInboundToRecheck(
  retryBefore: Date,
  afterId: number,
  limit: number,
): Promise<{ id: number; raw: Buffer | null; rawKey: string | null }[]> {
  const shared = getDb()
    .select({ id: email.inboundMessageId })
    .from(email)
    .innerJoin(newsletter, eq(newsletter.id, email.newsletterId))
    .where(and(eq(email.inboundMessageId, inboundMessage.id), sql`not ${isPrivateNewsletter()}`));
  return getDb()
    .select({ id: inboundMessage.id, raw: inboundMessage.raw, rawKey: inboundMessage.rawKey })
    .from(inboundMessage)
    .where(
      and(
        gt(inboundMessage.id, afterId),
        eq(inboundMessage.status, "filed"),
        or(
          and(eq(inboundMessage.authStatus, "temperror"), lt(inboundMessage.authCheckedAt, retryBefore)),
          and(eq(inboundMessage.authStatus, "pending"), sql`exists (${shared})`),
        ),
      ),
    )
    .orderBy(asc(inboundMessage.id))
    .limit(limit);
}

/** The emails filed from a stored message, with their readers and shared newsletters. */
export async function findEmailsOfInbound(inboundId: number) {
  return getDb()
    .select({
      id: email.id,
      userId: email.userId,
      issueId: email.issueId,
      newsletterId: email.newsletterId,
      source: newsletter.source,
      websiteUrl: newsletter.websiteUrl,
      private: sql<boolean>`${isPrivateNewsletter()}`.mapWith(Boolean),
    })
    .from(email)
    .innerJoin(newsletter, eq(newsletter.id, email.newsletterId))
    .where(eq(email.inboundMessageId, inboundId));
}

/** Marks emails verified (or not) for a domain, as a check found. */
export async function updateEmailsVerified(emailIds: number[], domain: string | null, db: Database = getDb()): Promise<void> {
  if (emailIds.length === 0) return;
  await db
    .update(email)
    .set({ senderVerified: domain !== null, senderVerifiedDomain: domain })
    .where(inArray(email.id, emailIds));
}

/**
 * Moves one email out of public view into its reader's private newsletter: a copy of its edition there,
 * the email pointing at it. Nothing is deleted.
 */
export async function moveEmailToPrivate(
  tx: Database,
  emailId: number,
  from: { issueId: number; newsletterId: number },
  to: { newsletterId: number },
): Promise<void> {
  const [edition] = await tx.select().from(issue).where(eq(issue.id, from.issueId));
  const [copy] = await tx
    .insert(issue)
    .values({
      newsletterId: to.newsletterId,
      fingerprint: `${edition.fingerprint}:${emailId}`,
      subject: edition.subject,
      senderName: edition.senderName,
      senderEmail: edition.senderEmail,
      summary: edition.summary,
      thumbnailUrl: edition.thumbnailUrl,
      bodyHtml: edition.bodyHtml,
      bodyPlain: edition.bodyPlain,
      wordCount: edition.wordCount,
      publishedAt: edition.publishedAt,
    })
    .onConflictDoUpdate({ target: [issue.newsletterId, issue.fingerprint], set: { subject: edition.subject } })
    .returning({ id: issue.id });
  await tx
    .update(email)
    .set({ issueId: copy.id, newsletterId: to.newsletterId, senderVerified: false, senderVerifiedDomain: null })
    .where(eq(email.id, emailId));
}
