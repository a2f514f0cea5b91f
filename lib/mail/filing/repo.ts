import "server-only";
import { and, asc, eq, gte, inArray, lt, ne, or, sql, type Placeholder } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { preparedOnce } from "@/db/prepared";
import { delivery, email, inboundMessage, issue, newsletter, share, subscription, unsubscribeRoute } from "@/db/schema";

export type InboundSource = (typeof inboundMessage.$inferInsert)["source"];
export type InboundRow = typeof inboundMessage.$inferSelect;
export type NewsletterRow = typeof newsletter.$inferSelect;
// The columns filing gives an edition and a reader's copy, every one each time, so each statement has one
// shape; the copy repeats what the edition says.
const CONTENT_COLUMNS = ["subject", "senderName", "senderEmail", "summary", "thumbnailUrl", "bodyHtml", "bodyPlain", "wordCount"] as const;
const ISSUE_COLUMNS = [
  "newsletterId",
  "fingerprint",
  ...CONTENT_COLUMNS,
  "publishedAt",
] as const satisfies readonly (keyof typeof issue.$inferInsert)[];
const EMAIL_COLUMNS = [
  "userId",
  "issueId",
  "newsletterId",
  "inboundMessageId",
  "messageKey",
  ...CONTENT_COLUMNS,
  "dateReceived",
  "isForwarded",
  "kind",
  "confirmationUrl",
  "senderVerified",
  "senderVerifiedDomain",
] as const satisfies readonly (keyof typeof email.$inferInsert)[];
export type IssueInsert = Required<Pick<typeof issue.$inferInsert, (typeof ISSUE_COLUMNS)[number]>>;
export type EmailInsert = Required<Pick<typeof email.$inferInsert, (typeof EMAIL_COLUMNS)[number]>>;

/** Placeholders named as the columns they fill: the values of a statement prepared once per transaction. */
function placeholders<K extends string>(names: readonly K[]): Record<K, Placeholder<K>> {
  // Filled in below, one key of `names` at a time.
  const values = {} as Record<K, Placeholder<K>>;
  for (const name of names) values[name] = sql.placeholder(name);
  return values;
}

export type StoredInbound = Pick<InboundRow, "id" | "status" | "receivedAt">;
// Never the raw bytes back: they would come over the wire again, hex-encoded, for nothing.
const storedColumns = { id: inboundMessage.id, status: inboundMessage.status, receivedAt: inboundMessage.receivedAt };

/** A message's raw bytes as a row keeps them: in the row (`raw`), or as the bucket's object `rawKey`. */
export type KeptRaw = { raw: Buffer | null; rawKey: string | null; size: number };

/** Which reader's own address the message came to: their delivery log shows it to them alone. */
export type DeliveryTarget = { userId: number; recipient: string };
/** What the delivery log says a message was, before (or without) filing. */
export type DeliveryHeader = { sender: string | null; subject: string | null };

/**
 * Stores the raw bytes once per dedup key, with one pending delivery per reader, in one statement (one
 * commit waiting for the disk); a second delivery finds the first row. A row stored `filed` is filed in
 * the same transaction (an import's), which then need not mark it.
 */
export async function insertInboundMessage(
  values: { dedupKey: string; source: InboundSource; envelopeTo: string[]; kept: KeptRaw; filed?: boolean },
  targets: DeliveryTarget[] = [],
  header: DeliveryHeader = { sender: null, subject: null },
  db: Database = getDb(),
): Promise<{ row: StoredInbound; created: boolean }> {
  // The filing that follows at once is its first attempt (lib/mail/filing/retry.ts counts them).
  const result = (await db.execute(sql`
    WITH stored AS (
      INSERT INTO ${inboundMessage} (dedup_key, source, envelope_to, raw, raw_key, size_bytes, attempts, status, processed_at)
      VALUES (${values.dedupKey}, ${values.source}, ${sql.param(values.envelopeTo)}::text[], ${values.kept.raw}, ${values.kept.rawKey}, ${values.kept.size}, 1,
        ${values.filed ? "filed" : "received"}, ${values.filed ? sql`now()` : null})
      ON CONFLICT (dedup_key) DO NOTHING
      RETURNING id, status, received_at
    ), delivered AS (
      INSERT INTO ${delivery} (user_id, recipient, sender, subject, inbound_message_id, received_at)
      SELECT target.user_id, target.recipient, ${header.sender}, ${header.subject}, stored.id, stored.received_at
      FROM stored, unnest(${sql.param(targets.map((target) => target.userId))}::int[], ${sql.param(targets.map((target) => target.recipient))}::text[])
        AS target(user_id, recipient)
    )
    SELECT id, status, received_at FROM stored`)) as unknown as {
    rows: { id: number; status: InboundRow["status"]; received_at: Date | string }[];
  };
  const [created] = result.rows;
  if (created) return { row: { id: created.id, status: created.status, receivedAt: new Date(created.received_at) }, created: true };
  const [existing] = await db.select(storedColumns).from(inboundMessage).where(eq(inboundMessage.dedupKey, values.dedupKey));
  return { row: existing, created: false };
}

/**
 * Marks the message filed, unless it already is: the first of two concurrent filings (an instance's own
 * and a retry job's) takes the row lock and wins; the other, waiting, then matches nothing and backs off.
 */
export async function markFiled(id: number, tx: Database, auth?: KeptAuth): Promise<boolean> {
  const values = { id, processedAt: new Date() };
  const rows = auth
    ? await preparedOnce(preparedMarkFiled, "file_mark_filed_auth", (db) => prepareMarkFiled(db, true), tx).execute({ ...values, ...auth })
    : await preparedOnce(preparedMarkFiled, "file_mark_filed", (db) => prepareMarkFiled(db, false), tx).execute(values);
  return rows.length > 0;
}

/** A message's sender authentication, as lib/sender-auth keeps it in its stored row. */
type KeptAuth = Required<Pick<InboundRow, "authStatus" | "authResults" | "senderVerifiedDomain" | "authCheckedAt">>;

/** markFiled's statement; with `auth`, it also keeps the authentication, which a delivery's filing would write in a statement of its own. */
function prepareMarkFiled(tx: Database, auth: boolean) {
  // node-postgres sends the results object as JSON.
  const kept = auth
    ? {
        authStatus: sql`${sql.placeholder("authStatus")}`,
        authResults: sql`${sql.placeholder("authResults")}::jsonb`,
        senderVerifiedDomain: sql`${sql.placeholder("senderVerifiedDomain")}`,
        authCheckedAt: sql`${sql.placeholder("authCheckedAt")}`,
      }
    : {};
  return tx
    .update(inboundMessage)
    .set({ status: "filed", error: null, processedAt: sql`${sql.placeholder("processedAt")}`, ...kept })
    .where(and(eq(inboundMessage.id, sql.placeholder("id")), ne(inboundMessage.status, "filed")))
    .returning({ id: inboundMessage.id })
    .prepare(auth ? "file_mark_filed_auth" : "file_mark_filed");
}

// The filing statements, built once per transaction: a batch of an import's messages runs each 32 times.
const preparedMarkFiled = new WeakMap<Database, Map<string, ReturnType<typeof prepareMarkFiled>>>();
const preparedIssue = new WeakMap<Database, Map<string, ReturnType<typeof prepareIssue>>>();
const preparedEmail = new WeakMap<Database, Map<string, ReturnType<typeof prepareEmail>>>();

/** Records why an attempt failed (never the message itself); a message filed meanwhile stays filed. */
export async function markFailed(id: number, error: string): Promise<void> {
  await getDb()
    .update(inboundMessage)
    .set({ status: "failed", error, processedAt: new Date() })
    .where(and(eq(inboundMessage.id, id), ne(inboundMessage.status, "filed")));
}

/** Counts one more attempt at filing the message, unless it is filed; false when it is (or is gone). */
export async function claimAttempt(id: number): Promise<boolean> {
  const rows = await getDb()
    .update(inboundMessage)
    .set({ attempts: sql`${inboundMessage.attempts} + 1`, processedAt: new Date() })
    .where(and(eq(inboundMessage.id, id), ne(inboundMessage.status, "filed")))
    .returning({ id: inboundMessage.id });
  return rows.length > 0;
}

export async function findInbound(id: number): Promise<InboundRow | undefined> {
  const [row] = await getDb().select().from(inboundMessage).where(eq(inboundMessage.id, id));
  return row;
}

/**
 * Claims the messages due for another attempt: not filed, fewer than `maxAttempts` so far, and the last
 * one started (or the arrival) longer ago than `firstDelaySeconds` times 3^(attempts - 1). Each claimed
 * row counts the attempt at once, so concurrent sweeps on several instances never claim one message
 * twice (SKIP LOCKED), and a message that kills its process at every attempt still runs out of them.
 */
export async function claimDueInbound(maxAttempts: number, firstDelaySeconds: number, limit: number): Promise<number[]> {
  const result = (await getDb().execute(sql`
    UPDATE ${inboundMessage} SET attempts = attempts + 1, processed_at = now()
    WHERE id IN (
      SELECT id FROM ${inboundMessage}
      WHERE status IN ('received', 'failed') AND attempts < ${maxAttempts}
        AND coalesce(processed_at, received_at) < now() - make_interval(secs => ${firstDelaySeconds} * power(3, greatest(attempts, 1) - 1))
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => row.id);
}

/**
 * Ends the messages whose last attempt never reported back (its process died) once no attempt is left:
 * `failed`, with the last error seen if any.
 */
export async function failAbandonedInbound(maxAttempts: number, afterSeconds: number): Promise<number> {
  const rows = await getDb()
    .update(inboundMessage)
    .set({
      status: "failed",
      error: sql`coalesce(${inboundMessage.error}, ${`Filing did not finish in ${maxAttempts} attempts`})`,
      processedAt: new Date(),
    })
    .where(
      and(
        eq(inboundMessage.status, "received"),
        gte(inboundMessage.attempts, maxAttempts),
        lt(inboundMessage.processedAt, sql`now() - make_interval(secs => ${afterSeconds})`),
      ),
    )
    .returning({ id: inboundMessage.id });
  return rows.length;
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

/** A delivery of a message these readers already hold: logged as `duplicate`, beside their copy. */
export async function insertDuplicateDeliveries(
  inboundId: number,
  targets: DeliveryTarget[],
  header: DeliveryHeader,
  messageKey: string,
): Promise<void> {
  if (targets.length === 0) return;
  await getDb()
    .insert(delivery)
    .values(
      targets.map((target) => ({
        ...target,
        ...header,
        inboundMessageId: inboundId,
        outcome: "duplicate" as const,
        emailId: sql`(select ${email.id} from ${email} where ${email.userId} = ${target.userId} and ${email.messageKey} = ${messageKey})`,
      })),
    );
}

export type FiledOutcome = {
  userId: number;
  outcome: "filed" | "duplicate" | "blocked" | "muted" | "confirmation";
  emailId: number | null;
};

/** Gives the message's pending deliveries their outcome, in the filing transaction. */
export async function updateDeliveryOutcomes(
  tx: Database,
  inboundId: number,
  outcomes: FiledOutcome[],
  header: DeliveryHeader,
): Promise<void> {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map((item) => sql`(${item.userId}::int, ${item.outcome}::text, ${item.emailId}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${delivery} SET outcome = v.outcome, email_id = v.email_id, sender = ${header.sender}, subject = ${header.subject}
    FROM (VALUES ${values}) AS v(user_id, outcome, email_id)
    WHERE ${delivery.inboundMessageId} = ${inboundId} AND ${delivery.userId} = v.user_id AND ${delivery.outcome} = 'pending'`);
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
 * and a filing lost in a crash leaves it `received`, which the retry sweep (lib/mail/filing/retry.ts) files again.
 */
export function filingTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
    return work(tx);
  });
}

/** The pool, for what a filing reads before its transaction: the reads go on connections of their own, at once. */
export function readsBeforeFiling(): Database {
  return getDb();
}

export async function findNewsletterBy(
  tx: Database,
  column: "listId" | "senderAddress" | "senderDomain",
  value: string,
): Promise<NewsletterRow | undefined> {
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

/**
 * The edition's id, whether this call created it, and when the newsletter's 30 latest earlier editions
 * were published (asked in the same statement, whose subquery does not see the row it inserts).
 */
export async function upsertIssue(tx: Database, values: IssueInsert): Promise<{ id: number; created: boolean; earlier: Date[] }> {
  const [created] = await preparedOnce(preparedIssue, "file_issue", prepareIssue, tx).execute(values);
  if (created) return { id: created.id, created: true, earlier: created.earlier.map((time) => new Date(Number(time))) };
  const [existing] = await tx
    .select({ id: issue.id })
    .from(issue)
    .where(and(eq(issue.newsletterId, values.newsletterId), eq(issue.fingerprint, values.fingerprint)));
  return { id: existing.id, created: false, earlier: [] };
}

function prepareIssue(tx: Database) {
  const earlier = sql<
    number[]
  >`array(SELECT (extract(epoch FROM prior.published_at) * 1000)::float8 FROM ${issue} AS prior WHERE prior.newsletter_id = ${sql.placeholder("newsletterId")} ORDER BY prior.published_at DESC LIMIT 30)`;
  return tx
    .insert(issue)
    .values(placeholders(ISSUE_COLUMNS))
    .onConflictDoNothing({ target: [issue.newsletterId, issue.fingerprint] })
    .returning({ id: issue.id, earlier })
    .prepare("file_issue");
}

/** The reader's latest List-Unsubscribe pair for a newsletter, as their own mail carried it. */
export type UnsubscribeRoute = { listUnsubscribe: string; listUnsubscribePost: string | null; seenAt: Date };

/**
 * The email's id, whether this call created it (ON CONFLICT keeps one copy per user and message) and
 * whether the user had received this newsletter before: asked in the same statement, whose subqueries
 * do not see the row it inserts. A created copy gets in that statement too the user's subscription
 * (inactive unless one exists), its share id, its delivery's outcome (`muted` when the reader muted the
 * newsletter) and, when given, the reader's unsubscribe route (the latest pair: an older message
 * arriving late changes nothing). The insert locks the reader's total row (user_email_total) until the
 * commit, so a delivery's filing runs no other statement after it.
 */
export async function insertEmail(
  tx: Database,
  values: EmailInsert,
  newCopy: {
    shareId: string;
    unsubscribe: UnsubscribeRoute | null;
    delivery: { inboundId: number; outcome: "filed" | "confirmation"; header: DeliveryHeader };
  },
): Promise<{ id: number; created: boolean; receivedBefore: boolean }> {
  const route = newCopy.unsubscribe;
  const shape = route ? "file_email_routed" : "file_email";
  const [created] = await preparedOnce(preparedEmail, shape, (db) => prepareEmail(db, route !== null, shape), tx).execute({
    ...values,
    shareId: newCopy.shareId,
    inboundId: newCopy.delivery.inboundId,
    outcome: newCopy.delivery.outcome,
    sender: newCopy.delivery.header.sender,
    deliverySubject: newCopy.delivery.header.subject,
    listUnsubscribe: route?.listUnsubscribe ?? null,
    listUnsubscribePost: route?.listUnsubscribePost ?? null,
    seenAt: route?.seenAt ?? null,
  });
  if (created) return { id: created.id, created: true, receivedBefore: created.receivedBefore };
  const [existing] = await tx
    .select({ id: email.id })
    .from(email)
    .where(and(eq(email.userId, values.userId), eq(email.messageKey, values.messageKey)));
  return { id: existing.id, created: false, receivedBefore: true };
}

/** insertEmail's statement, with the unsubscribe route's insert or without: data-modifying WITH queries around the email insert. */
function prepareEmail(tx: Database, routed: boolean, name: string) {
  const userId = sql.placeholder("userId");
  const newsletterId = sql.placeholder("newsletterId");
  const receivedBefore = sql<boolean>`EXISTS (SELECT 1 FROM ${email} AS prior WHERE prior.user_id = ${userId} AND prior.newsletter_id = ${newsletterId})`;
  const muted = sql<boolean>`EXISTS (SELECT 1 FROM ${subscription} WHERE ${subscription.userId} = ${userId} AND ${subscription.newsletterId} = ${newsletterId} AND ${subscription.muted})`;
  const insert = tx
    .insert(email)
    .values(placeholders(EMAIL_COLUMNS))
    .onConflictDoNothing({ target: [email.userId, email.messageKey] })
    .returning({ id: email.id, receivedBefore: receivedBefore.as("received_before"), muted: muted.as("muted") });
  const inserted = tx
    .$with("inserted", { id: sql<number>`id`.as("id"), receivedBefore: sql<boolean>`received_before`.as("received_before") })
    .as(insert.getSQL());
  const subscribed = tx.$with("subscribed", {}).as(sql`
    INSERT INTO ${subscription} (user_id, newsletter_id, status) SELECT ${userId}, ${newsletterId}, 'inactive' FROM inserted
    ON CONFLICT DO NOTHING`);
  const shared = tx.$with("shared", {}).as(sql`
    INSERT INTO ${share} (user_id, email_id, share_id) SELECT ${userId}, inserted.id, ${sql.placeholder("shareId")} FROM inserted ON CONFLICT DO NOTHING`);
  const delivered = tx.$with("delivered", {}).as(sql`
    UPDATE ${delivery}
    SET outcome = CASE WHEN inserted.muted THEN 'muted' ELSE ${sql.placeholder("outcome")}::text END, email_id = inserted.id,
      sender = ${sql.placeholder("sender")}, subject = ${sql.placeholder("deliverySubject")}
    FROM inserted
    WHERE ${delivery.inboundMessageId} = ${sql.placeholder("inboundId")} AND ${delivery.userId} = ${userId} AND ${delivery.outcome} = 'pending'`);
  const route = tx.$with("routed", {}).as(sql`
    INSERT INTO ${unsubscribeRoute} (user_id, newsletter_id, list_unsubscribe, list_unsubscribe_post, seen_at)
    SELECT ${userId}, ${newsletterId}, ${sql.placeholder("listUnsubscribe")}, ${sql.placeholder("listUnsubscribePost")}, ${sql.placeholder("seenAt")} FROM inserted
    ON CONFLICT (user_id, newsletter_id) DO UPDATE
    SET list_unsubscribe = excluded.list_unsubscribe, list_unsubscribe_post = excluded.list_unsubscribe_post, seen_at = excluded.seen_at
    WHERE ${unsubscribeRoute.seenAt} <= excluded.seen_at`);
  return tx
    .with(inserted, subscribed, shared, delivered, ...(routed ? [route] : []))
    .select({ id: inserted.id, receivedBefore: inserted.receivedBefore })
    .from(inserted)
    .prepare(name);
}
