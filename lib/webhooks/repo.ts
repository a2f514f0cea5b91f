import "server-only";
import { and, arrayContains, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email, user, webhook, webhookDelivery } from "@/db/schema";
import type { WebhookEvent } from "./schemas";

const columns = { id: webhook.id, url: webhook.url, events: webhook.events, createdAt: webhook.createdAt };
export type WebhookRow = { id: number; url: string; events: string[]; createdAt: Date };

export async function findWebhooks(userId: number): Promise<WebhookRow[]> {
  return getDb().select(columns).from(webhook).where(eq(webhook.userId, userId)).orderBy(asc(webhook.createdAt), asc(webhook.id));
}

/** Inserts the webhook unless the user already keeps `cap` (undefined then), counted under a lock on the user's row. */
export async function insertWebhook(
  userId: number,
  input: { url: string; events: WebhookEvent[]; secretSealed: string },
  cap: number,
): Promise<WebhookRow | undefined> {
  return getDb().transaction(async (tx) => {
    // Two creations at once on two instances must not both pass the count.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("no key update");
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(webhook)
      .where(eq(webhook.userId, userId));
    if ((held?.count ?? 0) >= cap) return undefined;
    const [row] = await tx
      .insert(webhook)
      .values({ userId, ...input })
      .returning(columns);
    return row;
  });
}

export async function deleteWebhook(userId: number, id: number): Promise<boolean> {
  const deleted = await getDb()
    .delete(webhook)
    .where(and(eq(webhook.userId, userId), eq(webhook.id, id)))
    .returning({ id: webhook.id });
  return deleted.length > 0;
}

export type DeliveryRow = {
  id: number;
  eventType: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
};

/** The webhook's latest deliveries, newest first; undefined when the webhook is not the user's. */
export async function findDeliveries(userId: number, webhookId: number, limit: number): Promise<DeliveryRow[] | undefined> {
  const db = getDb();
  const [owned] = await db
    .select({ id: webhook.id })
    .from(webhook)
    .where(and(eq(webhook.userId, userId), eq(webhook.id, webhookId)));
  if (!owned) return undefined;
  return db
    .select({
      id: webhookDelivery.id,
      eventType: webhookDelivery.eventType,
      status: webhookDelivery.status,
      attempts: webhookDelivery.attempts,
      responseStatus: webhookDelivery.responseStatus,
      error: webhookDelivery.error,
      createdAt: webhookDelivery.createdAt,
      lastAttemptAt: webhookDelivery.lastAttemptAt,
    })
    .from(webhookDelivery)
    .where(eq(webhookDelivery.webhookId, webhookId))
    .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
    .limit(limit);
}

/**
 * Each webhook that wants `event` from the owners of these emails, with the email it is about; an email
 * a webhook was already told about (the same message filed again) is left out.
 */
export async function findSubscribedWebhooks(
  emailIds: number[],
  event: WebhookEvent,
): Promise<Array<{ webhookId: number; userId: number; emailId: number }>> {
  if (emailIds.length === 0) return [];
  return getDb()
    .select({ webhookId: webhook.id, userId: webhook.userId, emailId: email.id })
    .from(email)
    .innerJoin(webhook, eq(webhook.userId, email.userId))
    .where(
      and(
        inArray(email.id, emailIds),
        arrayContains(webhook.events, [event]),
        sql`not exists (select 1 from ${webhookDelivery} where ${webhookDelivery.webhookId} = ${webhook.id} and ${webhookDelivery.eventType} = ${event} and ${webhookDelivery.emailId} = ${email.id})`,
      ),
    );
}

export async function insertDeliveries(
  deliveries: Array<{ webhookId: number; messageId: string; eventType: WebhookEvent; emailId: number; payload: string }>,
): Promise<number[]> {
  if (deliveries.length === 0) return [];
  // An email another queueing announced meanwhile (another instance's) keeps that one delivery.
  const rows = await getDb().insert(webhookDelivery).values(deliveries).onConflictDoNothing().returning({ id: webhookDelivery.id });
  return rows.map((row) => row.id);
}

export type PendingDelivery = {
  id: number;
  userId: number;
  url: string;
  secretSealed: string;
  messageId: string;
  payload: string;
  attempts: number;
};

/** A delivery still to be made, with its webhook; undefined once it is settled or its webhook is deleted. */
export async function findPendingDelivery(id: number): Promise<PendingDelivery | undefined> {
  const [row] = await getDb()
    .select({
      id: webhookDelivery.id,
      userId: webhook.userId,
      url: webhook.url,
      secretSealed: webhook.secretSealed,
      messageId: webhookDelivery.messageId,
      payload: webhookDelivery.payload,
      attempts: webhookDelivery.attempts,
    })
    .from(webhookDelivery)
    .innerJoin(webhook, eq(webhook.id, webhookDelivery.webhookId))
    .where(and(eq(webhookDelivery.id, id), eq(webhookDelivery.status, "pending")));
  return row;
}

export async function updateDeliveryAttempt(
  id: number,
  attempt: { status: DeliveryRow["status"]; attempts: number; responseStatus: number | null; error: string | null },
): Promise<void> {
  await getDb()
    .update(webhookDelivery)
    .set({ ...attempt, lastAttemptAt: new Date() })
    .where(eq(webhookDelivery.id, id));
}
