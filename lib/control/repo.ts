import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { blockedSender, delivery, inboundMessage, type DeliveryOutcome } from "@/db/schema";

export type BlockedSenderRow = typeof blockedSender.$inferSelect;

export async function findBlockedSenders(userId: number): Promise<BlockedSenderRow[]> {
  return getDb()
    .select()
    .from(blockedSender)
    .where(eq(blockedSender.userId, userId))
    .orderBy(desc(blockedSender.createdAt), desc(blockedSender.id));
}

/** The readers among these who block any of the sender's keys (its address, its domains). */
export async function findBlockingUsers(userIds: number[], senderKeys: string[]): Promise<number[]> {
  if (userIds.length === 0 || senderKeys.length === 0) return [];
  const rows = await getDb()
    .selectDistinct({ userId: blockedSender.userId })
    .from(blockedSender)
    .where(and(inArray(blockedSender.userId, userIds), inArray(blockedSender.sender, senderKeys)));
  return rows.map((row) => row.userId);
}

/** Which of these sender keys the reader blocks, in one query (a batch of one reader's messages). */
export async function findBlockedKeys(userId: number, senderKeys: string[]): Promise<Set<string>> {
  if (senderKeys.length === 0) return new Set();
  const rows = await getDb()
    .select({ sender: blockedSender.sender })
    .from(blockedSender)
    .where(and(eq(blockedSender.userId, userId), inArray(blockedSender.sender, senderKeys)));
  return new Set(rows.map((row) => row.sender));
}

/** The new entry, or undefined when the reader already blocks this sender. */
export async function insertBlockedSender(userId: number, sender: string): Promise<BlockedSenderRow | undefined> {
  const [row] = await getDb().insert(blockedSender).values({ userId, sender }).onConflictDoNothing().returning();
  return row;
}

export async function deleteBlockedSender(userId: number, id: number): Promise<boolean> {
  const rows = await getDb()
    .delete(blockedSender)
    .where(and(eq(blockedSender.userId, userId), eq(blockedSender.id, id)))
    .returning({ id: blockedSender.id });
  return rows.length > 0;
}

// A delivery still pending whose message could not be filed is `failed`: the inbound status says which.
const outcome = sql<DeliveryOutcome>`case when ${delivery.outcome} = 'pending' and ${inboundMessage.status} = 'failed' then 'failed' else ${delivery.outcome} end`;

export async function findDeliveryPage(userId: number, page: { page: number; pageSize: number; outcome?: DeliveryOutcome }) {
  const where = and(eq(delivery.userId, userId), page.outcome ? eq(outcome, page.outcome) : undefined);
  const db = getDb();
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: delivery.id,
        receivedAt: delivery.receivedAt,
        sender: delivery.sender,
        subject: delivery.subject,
        recipient: delivery.recipient,
        outcome,
        emailId: delivery.emailId,
        rules: delivery.rules,
      })
      .from(delivery)
      .innerJoin(inboundMessage, eq(inboundMessage.id, delivery.inboundMessageId))
      .where(where)
      .orderBy(desc(delivery.receivedAt), desc(delivery.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(delivery)
      .innerJoin(inboundMessage, eq(inboundMessage.id, delivery.inboundMessageId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
