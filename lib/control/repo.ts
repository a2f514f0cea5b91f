import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
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
