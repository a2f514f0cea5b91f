import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { kindleAddress, kindleSend } from "@/db/schema";

export type KindleSendRow = typeof kindleSend.$inferSelect;

export async function findKindleAddress(userId: number): Promise<string | null> {
  const [row] = await getDb().select({ address: kindleAddress.address }).from(kindleAddress).where(eq(kindleAddress.userId, userId));
  return row?.address ?? null;
}

export async function upsertKindleAddress(userId: number, address: string): Promise<void> {
  await getDb()
    .insert(kindleAddress)
    .values({ userId, address })
    .onConflictDoUpdate({ target: kindleAddress.userId, set: { address, updatedAt: new Date() } });
}

export async function deleteKindleAddress(userId: number): Promise<void> {
  await getDb().delete(kindleAddress).where(eq(kindleAddress.userId, userId));
}

export async function insertKindleSend(userId: number, emailId: number | null, title: string): Promise<KindleSendRow> {
  const [row] = await getDb().insert(kindleSend).values({ userId, emailId, title }).returning();
  return row!;
}

export async function findKindleSend(userId: number, sendId: number): Promise<KindleSendRow | undefined> {
  const [row] = await getDb()
    .select()
    .from(kindleSend)
    .where(and(eq(kindleSend.userId, userId), eq(kindleSend.id, sendId)));
  return row;
}

export async function findKindleSends(userId: number, limit: number): Promise<KindleSendRow[]> {
  return getDb()
    .select()
    .from(kindleSend)
    .where(eq(kindleSend.userId, userId))
    .orderBy(desc(kindleSend.createdAt), desc(kindleSend.id))
    .limit(limit);
}

/** Counts an attempt before it is made, so a process that dies mid-send still used it up. */
export async function countKindleAttempt(userId: number, sendId: number): Promise<number> {
  const [row] = await getDb()
    .update(kindleSend)
    .set({ attempts: sql`${kindleSend.attempts} + 1` })
    .where(and(eq(kindleSend.userId, userId), eq(kindleSend.id, sendId)))
    .returning({ attempts: kindleSend.attempts });
  return row?.attempts ?? 0;
}

export async function updateKindleSend(
  userId: number,
  sendId: number,
  change: Partial<Pick<KindleSendRow, "status" | "detail" | "bytes" | "sentAt">>,
): Promise<void> {
  await getDb()
    .update(kindleSend)
    .set(change)
    .where(and(eq(kindleSend.userId, userId), eq(kindleSend.id, sendId)));
}
