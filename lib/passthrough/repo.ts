import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { delivery, inboundMessage, passthroughSetting, senderChoice, user } from "@/db/schema";
import type { SenderChoice } from "./classify";

/** Whether each reader forwards personal mail: on for one who never saved the setting. */
export async function findForwarding(userIds: number[]): Promise<Map<number, boolean>> {
  const rows = userIds.length ? await getDb().select().from(passthroughSetting).where(inArray(passthroughSetting.userId, userIds)) : [];
  return new Map(userIds.map((userId) => [userId, rows.find((row) => row.userId === userId)?.forwardPersonal ?? true]));
}

export async function findForwardingOf(userId: number): Promise<boolean> {
  return (await findForwarding([userId])).get(userId) ?? true;
}

export async function saveForwarding(userId: number, forwardPersonal: boolean): Promise<void> {
  await getDb()
    .insert(passthroughSetting)
    .values({ userId, forwardPersonal })
    .onConflictDoUpdate({ target: passthroughSetting.userId, set: { forwardPersonal, updatedAt: new Date() } });
}

/** Each reader's choice for this sender, by reader. */
export async function findSenderChoices(userIds: number[], sender: string): Promise<Map<number, SenderChoice>> {
  if (userIds.length === 0) return new Map();
  const rows = await getDb()
    .select({ userId: senderChoice.userId, choice: senderChoice.choice })
    .from(senderChoice)
    .where(and(inArray(senderChoice.userId, userIds), eq(senderChoice.sender, sender)));
  return new Map(rows.map((row) => [row.userId, row.choice]));
}

export async function listSenderChoices(userId: number) {
  return getDb()
    .select({ sender: senderChoice.sender, choice: senderChoice.choice, createdAt: senderChoice.createdAt })
    .from(senderChoice)
    .where(eq(senderChoice.userId, userId))
    .orderBy(asc(senderChoice.sender));
}

export async function saveSenderChoice(userId: number, sender: string, choice: SenderChoice): Promise<void> {
  await getDb()
    .insert(senderChoice)
    .values({ userId, sender, choice })
    .onConflictDoUpdate({ target: [senderChoice.userId, senderChoice.sender], set: { choice } });
}

export async function deleteSenderChoice(userId: number, sender: string): Promise<void> {
  await getDb()
    .delete(senderChoice)
    .where(and(eq(senderChoice.userId, userId), eq(senderChoice.sender, sender)));
}

/**
 * Marks these readers' deliveries of the message with the outcome, where still pending; returns the readers
 * whose delivery this call changed (another instance's filing of the same message changes none twice).
 */
export async function claimDeliveries(inboundId: number, userIds: number[], outcome: "passed_through" | "looped"): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await getDb()
    .update(delivery)
    .set({ outcome })
    .where(and(eq(delivery.inboundMessageId, inboundId), inArray(delivery.userId, userIds), eq(delivery.outcome, "pending")))
    .returning({ userId: delivery.userId });
  return rows.map((row) => row.userId);
}

/** The readers of the message whose delivery was passed through or stopped as a loop: filing leaves them out. */
export async function findHandledReaders(inboundId: number): Promise<number[]> {
  const rows = await getDb()
    .select({ userId: delivery.userId })
    .from(delivery)
    .where(and(eq(delivery.inboundMessageId, inboundId), inArray(delivery.outcome, ["passed_through", "looped"])));
  return rows.map((row) => row.userId);
}

/** What the forwarding job needs: the stored bytes and the reader's sign-in address, while the delivery is still passed through. */
export async function findPassedThrough(inboundId: number, userId: number) {
  const [row] = await getDb()
    .select({ raw: inboundMessage.raw, rawKey: inboundMessage.rawKey, signIn: user.email })
    .from(delivery)
    .innerJoin(inboundMessage, eq(inboundMessage.id, delivery.inboundMessageId))
    .innerJoin(user, eq(user.id, delivery.userId))
    .where(and(eq(delivery.inboundMessageId, inboundId), eq(delivery.userId, userId), eq(delivery.outcome, sql`'passed_through'`)));
  return row;
}
