import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { delivery, inboundMessage, screenedSender, screenerSetting } from "@/db/schema";

export async function findScreener(userId: number): Promise<{ enabled: boolean; pending: number }> {
  const result = (await getDb().execute(sql`
    SELECT coalesce((SELECT enabled FROM screener_setting WHERE user_id = ${userId}), false) AS enabled,
      (SELECT count(*) FROM screened_sender WHERE user_id = ${userId} AND status = 'pending')::int AS pending`)) as unknown as {
    rows: { enabled: boolean; pending: number }[];
  };
  return result.rows[0] ?? { enabled: false, pending: 0 };
}

export async function upsertScreenerSetting(userId: number, enabled: boolean): Promise<void> {
  await getDb()
    .insert(screenerSetting)
    .values({ userId, enabled })
    .onConflictDoUpdate({ target: screenerSetting.userId, set: { enabled, updatedAt: new Date() } });
}

export type PendingSenderRow = { sender: string; held: number; subject: string | null; receivedAt: Date };

/** The senders waiting, first come first, each with how many messages it holds and the latest one's subject. */
export async function findPendingSenders(userId: number): Promise<PendingSenderRow[]> {
  const latest = sql`(SELECT d FROM ${delivery} d WHERE d.user_id = ${userId}
    AND d.inbound_message_id = (${screenedSender.held} ->> (jsonb_array_length(${screenedSender.held}) - 1))::int LIMIT 1)`;
  return getDb()
    .select({
      sender: screenedSender.sender,
      held: sql<number>`jsonb_array_length(${screenedSender.held})::int`,
      subject: sql<string | null>`(${latest}).subject`,
      receivedAt: screenedSender.createdAt,
    })
    .from(screenedSender)
    .where(and(eq(screenedSender.userId, userId), eq(screenedSender.status, "pending")))
    .orderBy(asc(screenedSender.createdAt), asc(screenedSender.sender));
}

/** Decides a pending sender; the messages it held, or null when the reader has no such sender waiting. */
export async function decideSender(tx: Database, userId: number, sender: string, status: "allowed" | "denied"): Promise<number[] | null> {
  const [row] = (await tx
    .execute(
      sql`
    UPDATE screened_sender AS s SET status = ${status}, decided_at = now(), held = '[]'::jsonb
    FROM (SELECT held FROM screened_sender WHERE user_id = ${userId} AND sender = ${sender} AND status = 'pending' FOR UPDATE) AS before
    WHERE s.user_id = ${userId} AND s.sender = ${sender}
    RETURNING before.held`,
    )
    .then((result) => (result as unknown as { rows: { held: number[] }[] }).rows)) as { held: number[] }[];
  return row ? row.held : null;
}

/** The held messages' stored bytes, to file them on allow. */
export async function findHeldMessages(tx: Database, inboundIds: number[]) {
  if (inboundIds.length === 0) return [];
  return tx
    .select({
      id: inboundMessage.id,
      raw: inboundMessage.raw,
      rawKey: inboundMessage.rawKey,
      envelopeTo: inboundMessage.envelopeTo,
      receivedAt: inboundMessage.receivedAt,
    })
    .from(inboundMessage)
    .where(inArray(inboundMessage.id, inboundIds))
    .orderBy(asc(inboundMessage.id));
}

/** A decision and the filing of what it releases: all of it or none. */
export function screenerTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
  return getDb().transaction(work);
}

/** The held message's delivery becomes `pending` again, so filing gives it its outcome (or `blocked` on deny). */
export async function setHeldOutcome(tx: Database, userId: number, inboundIds: number[], outcome: "pending" | "blocked"): Promise<void> {
  if (inboundIds.length === 0) return;
  await tx.execute(sql`
    UPDATE delivery SET outcome = ${outcome}
    WHERE user_id = ${userId} AND inbound_message_id = any(${sql.param(inboundIds)}::int[]) AND outcome = 'screened'`);
}

/** Which of these readers have their screener on. */
export async function findScreeningReaders(db: Database, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: screenerSetting.userId })
    .from(screenerSetting)
    .where(and(inArray(screenerSetting.userId, userIds), eq(screenerSetting.enabled, true)));
  return rows.map((row) => row.userId);
}

/**
 * Holds the message for the readers among these who never had mail from its sender: no earlier copy of
 * its newsletter and no decision about the address. Their delivery says `screened` and the sender waits
 * in their Screener list with the message; the readers held are returned. The reader's own mail brought
 * in (an import, a connected mailbox) and a sample issue are never held: they asked for those.
 */
export async function holdFirstMail(
  tx: Database,
  userIds: number[],
  message: { inboundId: number; sender: string; newsletterId: number },
): Promise<number[]> {
  const { inboundId, sender, newsletterId } = message;
  const result = (await tx.execute(sql`
    WITH readers AS (
      SELECT reader.user_id FROM unnest(${sql.param(userIds)}::int[]) AS reader(user_id)
      WHERE (SELECT source FROM inbound_message WHERE id = ${inboundId}) NOT IN ('import', 'imap', 'sample', 'feed')
        AND NOT EXISTS (SELECT 1 FROM screened_sender s WHERE s.user_id = reader.user_id AND s.sender = ${sender} AND s.status <> 'pending')
        AND NOT EXISTS (SELECT 1 FROM email e WHERE e.user_id = reader.user_id AND e.newsletter_id = ${newsletterId})
    ), held AS (
      INSERT INTO screened_sender (user_id, sender, status, held)
      SELECT user_id, ${sender}, 'pending', jsonb_build_array(${inboundId}::int) FROM readers
      ON CONFLICT (user_id, sender) DO UPDATE SET held = screened_sender.held || excluded.held
      WHERE screened_sender.status = 'pending' AND NOT screened_sender.held @> excluded.held
      RETURNING user_id
    ), logged AS (
      UPDATE delivery SET outcome = 'screened' FROM held
      WHERE delivery.inbound_message_id = ${inboundId} AND delivery.user_id = held.user_id AND delivery.outcome = 'pending'
    )
    SELECT user_id FROM held`)) as unknown as { rows: { user_id: number }[] };
  return result.rows.map((row) => row.user_id);
}
