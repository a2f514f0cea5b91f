import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { describeNewsletters } from "@/lib/newsletters/service";
import { findNewslettersByIds, findSubscription, findSubscriptions, findVisibleNewsletterIds, upsertMuted, upsertSubscriptions, type SubscriptionRow } from "./repo";
import type { BulkSubscribeInput, SubscribeInput } from "./schemas";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Subscription of CONTRACT.md section 3, each with its Newsletter. */
async function describeSubscriptions(rows: SubscriptionRow[]) {
  const described = await describeNewsletters(await findNewslettersByIds(rows.map((row) => row.newsletterId)));
  const newsletters = new Map(described.map((item) => [item.id, item]));
  return rows.flatMap((row) => {
    const metadata = newsletters.get(row.newsletterId);
    if (!metadata) return [];
    return [{ id: row.id, newsletterId: row.newsletterId, newsletter_metadata: metadata, subscribed_at: iso(row.subscribedAt), unsubscribed_at: iso(row.unsubscribedAt), status: row.status, muted: row.muted }];
  });
}

async function setStatus(userId: number, newsletterIds: number[], status: "active" | "inactive") {
  const unique = [...new Set(newsletterIds)];
  const visible = await findVisibleNewsletterIds(userId, unique);
  if (visible.length !== unique.length) throw new NotFoundError("Newsletter not found");
  return describeSubscriptions(await upsertSubscriptions(userId, visible, status));
}

export async function subscribe(userId: number, input: SubscribeInput) {
  const [subscription] = await setStatus(userId, [input.newsletter_metadata_id], "active");
  return { newsletter_id: input.newsletter_metadata_id, subscription };
}

export async function subscribeMany(userId: number, input: BulkSubscribeInput) {
  return { items: await setStatus(userId, input.newsletter_ids, "active") };
}

export async function changeSubscription(userId: number, newsletterId: number, status: "active" | "inactive") {
  const [subscription] = await setStatus(userId, [newsletterId], status);
  return subscription;
}

/** CONTRACT 6.2: a muted newsletter's mail is still filed, but the feed leaves it out. */
export async function muteNewsletter(userId: number, newsletterId: number, muted: boolean) {
  const [visible] = await findVisibleNewsletterIds(userId, [newsletterId]);
  if (visible === undefined) throw new NotFoundError("Newsletter not found");
  const [subscription] = await describeSubscriptions([await upsertMuted(userId, newsletterId, muted)]);
  if (!subscription) throw new NotFoundError("Newsletter not found");
  return subscription;
}

export async function listSubscriptions(userId: number) {
  return { items: await describeSubscriptions(await findSubscriptions(userId)) };
}

export async function getSubscription(userId: number, subscriptionId: number) {
  const row = await findSubscription(userId, subscriptionId);
  if (!row) throw new NotFoundError("Subscription not found");
  const [described] = await describeSubscriptions([row]);
  if (!described) throw new NotFoundError("Subscription not found");
  return described;
}
