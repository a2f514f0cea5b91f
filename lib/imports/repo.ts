import "server-only";
import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { email, mailImport, newsletter, subscription, uploadChunk, user, type ImportFailure } from "@/db/schema";

export type ImportRow = typeof mailImport.$inferSelect;
export type ImportFormat = ImportRow["format"];
export type ImportCounts = Pick<ImportRow, "total" | "processed" | "filed" | "skipped" | "failed" | "position">;

/** Failures kept for the reader to read; the count goes on past them. */
const MAX_FAILURES_KEPT = 200;

export async function insertImport(userId: number, format: ImportFormat, sizeBytes: number, uploadKey: string): Promise<ImportRow> {
  const [row] = await getDb().insert(mailImport).values({ userId, format, sizeBytes, uploadKey }).returning();
  return row;
}

export async function findImport(userId: number, importId: number): Promise<ImportRow | undefined> {
  const [row] = await getDb()
    .select()
    .from(mailImport)
    .where(and(eq(mailImport.userId, userId), eq(mailImport.id, importId)));
  return row;
}

export function findImports(userId: number, limit: number): Promise<ImportRow[]> {
  return getDb().select().from(mailImport).where(eq(mailImport.userId, userId)).orderBy(desc(mailImport.id)).limit(limit);
}

/** Takes the import for one worker until `seconds` from now, unless another holds it or it is over. */
export async function claimImport(importId: number, seconds: number): Promise<ImportRow | undefined> {
  const [row] = await getDb()
    .update(mailImport)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(mailImport.id, importId),
        eq(mailImport.status, "running"),
        sql`(${mailImport.leaseUntil} IS NULL OR ${mailImport.leaseUntil} < now())`,
      ),
    )
    .returning();
  return row;
}

/** Records how far the import got (and its new failures), keeping the lease for `seconds` more. */
export async function updateProgress(
  importId: number,
  counts: ImportCounts,
  added: ImportFailure[],
  seconds: number,
  db: Database = getDb(),
): Promise<void> {
  const failures =
    added.length > 0
      ? sql`CASE WHEN jsonb_array_length(${mailImport.failures}) < ${MAX_FAILURES_KEPT} THEN ${mailImport.failures} || ${JSON.stringify(added)}::jsonb ELSE ${mailImport.failures} END`
      : sql`${mailImport.failures}`;
  await db
    .update(mailImport)
    .set({ ...counts, failures, leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(eq(mailImport.id, importId));
}

/** Every account's imports, newest first: an operator's view (npm run admin -- imports list), not a reader's. */
export function findAllImports(limit: number): Promise<ImportRow[]> {
  return getDb().select().from(mailImport).orderBy(desc(mailImport.id)).limit(limit);
}

/** One import of any account, by id: an operator's tool. */
export async function findImportById(importId: number): Promise<ImportRow | undefined> {
  const [row] = await getDb().select().from(mailImport).where(eq(mailImport.id, importId));
  return row;
}

/** Every account's imports still running, releasing their leases: an operator's tool (after a restore), not a reader's. */
export async function releaseRunningImports(): Promise<number[]> {
  const rows = await getDb()
    .update(mailImport)
    .set({ leaseUntil: null })
    .where(eq(mailImport.status, "running"))
    .returning({ id: mailImport.id });
  return rows.map((row) => row.id);
}

export async function releaseImport(importId: number): Promise<void> {
  await getDb().update(mailImport).set({ leaseUntil: null }).where(eq(mailImport.id, importId));
}

export async function finishImport(importId: number, outcome: { status: "done" } | { status: "failed"; error: string }): Promise<void> {
  const error = outcome.status === "failed" ? outcome.error : null;
  const failures =
    outcome.status === "failed"
      ? sql`${mailImport.failures} || ${JSON.stringify([{ position: 0, subject: null, reason: error }])}::jsonb`
      : sql`${mailImport.failures}`;
  // Only a running import ends: one an operator cancelled stays cancelled whatever its last slice found.
  await getDb()
    .update(mailImport)
    .set({ status: outcome.status, error, failures, leaseUntil: null })
    .where(and(eq(mailImport.id, importId), eq(mailImport.status, "running")));
}

/** The reader's current unique address, the one imported mail is filed as delivered to. */
export async function findUniqueLocal(userId: number): Promise<string | undefined> {
  const [row] = await getDb().select({ uniqueLocal: user.uniqueLocal }).from(user).where(eq(user.id, userId));
  return row?.uniqueLocal;
}

/** Sender addresses of the newsletters the reader already has: mail from them counts as a newsletter. */
export async function findKnownSenders(userId: number): Promise<Set<string>> {
  const subscribed = getDb()
    .select({ address: newsletter.senderAddress })
    .from(subscription)
    .innerJoin(newsletter, eq(newsletter.id, subscription.newsletterId))
    .where(and(eq(subscription.userId, userId), isNotNull(newsletter.senderAddress)));
  const received = getDb()
    .selectDistinct({ address: email.senderEmail })
    .from(email)
    .where(and(eq(email.userId, userId), eq(email.kind, "issue"), isNotNull(email.senderEmail)));
  const rows = await subscribed.union(received);
  return new Set(rows.flatMap((row) => (row.address ? [row.address.toLowerCase()] : [])));
}

/** Whether the reader already holds this message (a second import of the same file files nothing twice). */
export async function holdsMessage(userId: number, messageKey: string): Promise<boolean> {
  return (await findHeldMessages(userId, [messageKey])).has(messageKey);
}

/** Which of these messages the reader already holds, in one query (a batch of an import). */
export async function findHeldMessages(userId: number, messageKeys: string[]): Promise<Set<string>> {
  if (messageKeys.length === 0) return new Set();
  const rows = await getDb()
    .select({ messageKey: email.messageKey })
    .from(email)
    .where(and(eq(email.userId, userId), inArray(email.messageKey, messageKeys)));
  return new Set(rows.map((row) => row.messageKey));
}

/** A chunk's row: its bytes, or null when the bucket holds them. */
export async function insertUploadChunk(uploadKey: string, seq: number, data: Buffer | null): Promise<void> {
  await getDb().insert(uploadChunk).values({ uploadKey, seq, data });
}

/** Up to `limit` chunks of an upload in order, from the `from`-th on. */
export async function findUploadChunks(uploadKey: string, from: number, limit: number): Promise<{ seq: number; data: Buffer | null }[]> {
  return getDb()
    .select({ seq: uploadChunk.seq, data: uploadChunk.data })
    .from(uploadChunk)
    .where(and(eq(uploadChunk.uploadKey, uploadKey), gte(uploadChunk.seq, from)))
    .orderBy(asc(uploadChunk.seq))
    .limit(limit);
}

export async function deleteUploadChunks(uploadKey: string): Promise<void> {
  await getDb().delete(uploadChunk).where(eq(uploadChunk.uploadKey, uploadKey));
}

/**
 * Drops the chunks of uploads nobody will read: no chunk written for `seconds` and no running import
 * naming them (the uploader died before its import existed, or an import ended before it could drop them).
 */
export async function deleteAbandonedUploads(seconds: number): Promise<string[]> {
  const result = (await getDb().execute(sql`
    DELETE FROM ${uploadChunk} c
    USING (SELECT DISTINCT upload_key FROM ${uploadChunk} WHERE created_at < now() - make_interval(secs => ${seconds})) old
    WHERE c.upload_key = old.upload_key
      AND NOT EXISTS (SELECT 1 FROM ${mailImport} m WHERE m.upload_key = old.upload_key AND m.status = 'running')
      AND NOT EXISTS (
        SELECT 1 FROM ${uploadChunk} recent
        WHERE recent.upload_key = old.upload_key AND recent.created_at >= now() - make_interval(secs => ${seconds}))
    RETURNING c.upload_key`)) as unknown as { rows: { upload_key: string }[] };
  return [...new Set(result.rows.map((row) => row.upload_key))];
}
