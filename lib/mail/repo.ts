import "server-only";
import { and, asc, desc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { email, inboundMessage, issue, newsletter, share, subscription, unsubscribeRoute, user, userAddress } from "@/db/schema";

export type InboundSource = (typeof inboundMessage.$inferInsert)["source"];
export type InboundRow = typeof inboundMessage.$inferSelect;
export type NewsletterRow = typeof newsletter.$inferSelect;
export type IssueInsert = typeof issue.$inferInsert;
export type EmailInsert = typeof email.$inferInsert;

/** A user a message reaches, with what must not leak into the shared form: name, sign-in address, every unique address. */
export type Recipient = { userId: number; name: string; email: string; localParts: string[] };

/** Owners of local parts, current or earlier, with their identities, in one query. */
export async function findRecipients(localParts: string[]): Promise<Recipient[]> {
  if (localParts.length === 0) return [];
  const db = getDb();
  const earlierOwners = db.select({ userId: userAddress.userId }).from(userAddress).where(inArray(userAddress.localPart, localParts));
  return db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      localParts: sql<string[]>`array(SELECT ${userAddress.localPart} FROM ${userAddress} WHERE ${userAddress.userId} = ${user.id}) || ${user.uniqueLocal}`,
    })
    .from(user)
    .where(or(inArray(user.uniqueLocal, localParts), inArray(user.id, earlierOwners)))
    .orderBy(asc(user.id));
}

export type StoredInbound = Pick<InboundRow, "id" | "status" | "receivedAt">;
// Never the raw bytes back: they would come over the wire again, hex-encoded, for nothing.
const storedColumns = { id: inboundMessage.id, status: inboundMessage.status, receivedAt: inboundMessage.receivedAt };

/** Stores the raw bytes once per dedup key; a second delivery finds the first row. */
export async function insertInboundMessage(values: {
  dedupKey: string;
  source: InboundSource;
  envelopeTo: string[];
  raw: Buffer;
}): Promise<{ row: StoredInbound; created: boolean }> {
  const db = getDb();
  const [created] = await db
    .insert(inboundMessage)
    .values({ ...values, sizeBytes: values.raw.length })
    .onConflictDoNothing({ target: inboundMessage.dedupKey })
    .returning(storedColumns);
  if (created) return { row: created, created: true };
  const [existing] = await db.select(storedColumns).from(inboundMessage).where(eq(inboundMessage.dedupKey, values.dedupKey));
  return { row: existing, created: false };
}

export async function updateInboundStatus(id: number, status: "filed" | "failed", error: string | null, db: Database = getDb()): Promise<void> {
  await db
    .update(inboundMessage)
    .set({ status, error, processedAt: new Date(), attempts: sql`${inboundMessage.attempts} + 1` })
    .where(eq(inboundMessage.id, id));
}

/** Failed messages, and received ones whose filing never finished (the process died before its commit). */
export async function findUnfiledInbound(staleBefore: Date, limit: number): Promise<InboundRow[]> {
  return getDb()
    .select()
    .from(inboundMessage)
    .where(or(eq(inboundMessage.status, "failed"), and(eq(inboundMessage.status, "received"), lt(inboundMessage.receivedAt, staleBefore))))
    .orderBy(asc(inboundMessage.id))
    .limit(limit);
}

export async function findEmailIds(userIds: number[], messageKey: string): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await getDb()
    .select({ id: email.id })
    .from(email)
    .where(and(inArray(email.userId, userIds), eq(email.messageKey, messageKey)))
    .orderBy(asc(email.id));
  return rows.map((row) => row.id);
}

/**
 * The filing transaction. Its commit need not wait for the disk: the raw message is already durable,
 * and a filing lost in a crash leaves it `received`, which mail:reprocess files again.
 */
export function filingTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
    return work(tx);
  });
}

export async function findNewsletterBy(tx: Database, column: "listId" | "senderAddress" | "senderDomain", value: string): Promise<NewsletterRow | undefined> {
  const [row] = await tx.select().from(newsletter).where(eq(newsletter[column], value)).orderBy(asc(newsletter.id)).limit(1);
  return row;
}

/** A catalog newsletter whose website is on the sender's domain (or a parent of it: mail.example.com -> example.com). */
export async function findCatalogNewsletterByDomain(tx: Database, domain: string, exact = false): Promise<NewsletterRow | undefined> {
  const labels = domain.toLowerCase().split(".");
  const candidates = exact ? [labels.join(".")] : labels.slice(0, -1).map((_, index) => labels.slice(index).join("."));
  if (candidates.length === 0) return undefined;
  const host = sql`substring(lower(${newsletter.websiteUrl}) from '^https?://(?:www\.)?([^/:?#]+)')`;
  const [row] = await tx
    .select()
    .from(newsletter)
    .where(and(eq(newsletter.source, "catalog"), inArray(host, candidates)))
    .orderBy(asc(newsletter.id))
    .limit(1);
  return row;
}

/** Inserts a mail-created newsletter, or returns undefined when a concurrent filing created it first. */
export async function insertNewsletter(tx: Database, values: typeof newsletter.$inferInsert): Promise<NewsletterRow | undefined> {
  const [row] = await tx.insert(newsletter).values(values).onConflictDoNothing().returning();
  return row;
}

export async function upsertIssue(tx: Database, values: IssueInsert): Promise<{ id: number; created: boolean }> {
  const [created] = await tx.insert(issue).values(values).onConflictDoNothing({ target: [issue.newsletterId, issue.fingerprint] }).returning({ id: issue.id });
  if (created) return { id: created.id, created: true };
  const [existing] = await tx
    .select({ id: issue.id })
    .from(issue)
    .where(and(eq(issue.newsletterId, values.newsletterId), eq(issue.fingerprint, values.fingerprint)));
  return { id: existing.id, created: false };
}

/**
 * The email's id, whether this call created it (ON CONFLICT keeps one copy per user and message), and
 * whether the user had received this newsletter before: asked in the same statement, whose subquery
 * does not see the row it inserts.
 */
export async function insertEmail(tx: Database, values: EmailInsert): Promise<{ id: number; created: boolean; receivedBefore: boolean }> {
  const receivedBefore = sql<boolean>`EXISTS (SELECT 1 FROM ${email} AS prior WHERE prior.user_id = ${values.userId} AND prior.newsletter_id = ${values.newsletterId})`;
  const [created] = await tx
    .insert(email)
    .values(values)
    .onConflictDoNothing({ target: [email.userId, email.messageKey] })
    .returning({ id: email.id, receivedBefore });
  if (created) return { id: created.id, created: true, receivedBefore: created.receivedBefore };
  const [existing] = await tx
    .select({ id: email.id })
    .from(email)
    .where(and(eq(email.userId, values.userId), eq(email.messageKey, values.messageKey)));
  return { id: existing.id, created: false, receivedBefore: true };
}

/** The user's subscription, created inactive unless one exists, and the email's share id, in one round trip. */
export async function insertSubscriptionAndShare(tx: Database, values: { userId: number; newsletterId: number; emailId: number; shareId: string }): Promise<void> {
  await tx.execute(sql`
    WITH subscribed AS (
      INSERT INTO ${subscription} (user_id, newsletter_id, status) VALUES (${values.userId}, ${values.newsletterId}, 'inactive') ON CONFLICT DO NOTHING
    )
    INSERT INTO ${share} (user_id, email_id, share_id) VALUES (${values.userId}, ${values.emailId}, ${values.shareId}) ON CONFLICT DO NOTHING`);
}

/** Keeps the reader's latest List-Unsubscribe pair for this newsletter; an older message arriving late changes nothing. */
export async function upsertUnsubscribeRoute(tx: Database, values: { userId: number; newsletterId: number; listUnsubscribe: string; listUnsubscribePost: string | null; seenAt: Date }): Promise<void> {
  await tx
    .insert(unsubscribeRoute)
    .values(values)
    .onConflictDoUpdate({
      target: [unsubscribeRoute.userId, unsubscribeRoute.newsletterId],
      set: { listUnsubscribe: values.listUnsubscribe, listUnsubscribePost: values.listUnsubscribePost, seenAt: values.seenAt },
      setWhere: lte(unsubscribeRoute.seenAt, values.seenAt),
    });
}

export async function findRecentPublishedDates(tx: Database, newsletterId: number): Promise<Date[]> {
  const rows = await tx.select({ at: issue.publishedAt }).from(issue).where(eq(issue.newsletterId, newsletterId)).orderBy(desc(issue.publishedAt)).limit(30);
  return rows.map((row) => row.at);
}

export type StatsDelta = { issues: number; emails: number; recipients: number; published: Date; sendingFrequency: string | null };

/** Adds one filing to the newsletter's totals in a single atomic UPDATE (safe under concurrent filings). */
export async function addNewsletterStats(newsletterId: number, delta: StatsDelta, publicAt: number): Promise<void> {
  const recipients = sql`${newsletter.recipientCount} + ${delta.recipients}`;
  await getDb()
    .update(newsletter)
    .set({
      totalIssues: sql`${newsletter.totalIssues} + ${delta.issues}`,
      totalEmails: sql`${newsletter.totalEmails} + ${delta.emails}`,
      recipientCount: recipients,
      firstSeen: sql`LEAST(${newsletter.firstSeen}, ${delta.published})`,
      lastSeen: sql`GREATEST(${newsletter.lastSeen}, ${delta.published})`,
      sendingFrequency: delta.sendingFrequency ? sql`${delta.sendingFrequency}` : sql`${newsletter.sendingFrequency}`,
      isPublic: sql`${newsletter.isPublic} OR (${newsletter.source} = 'mail' AND ${recipients} >= ${publicAt})`,
    })
    .where(eq(newsletter.id, newsletterId));
}
