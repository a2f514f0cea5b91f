import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { createAddress } from "@/lib/addresses/service";
import { describeNewsletters } from "@/lib/newsletters/service";
import { isAllowedHost } from "@/lib/fetch/guarded-fetch";
import {
  findNewslettersByIds,
  findSubscription,
  findSubscriptions,
  findUnsubscribeRoutes,
  findVisibleNewsletterIds,
  upsertMuted,
  upsertSubscriptions,
  type SubscriptionRow,
  type UnsubscribeRouteRow,
} from "./repo";
import { parseUnsubscribeHeaders, unsubscribeMethods, type UnsubscribeOptions } from "./unsubscribe-header";
import type { BulkSubscribeInput, SubscribeInput } from "./schemas";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The ways out this reader's own mail offers (RFC 8058 one-click only to https, or http on FETCH_ALLOW_HOSTS). */
export function unsubscribeOptions(
  route: Pick<UnsubscribeRouteRow, "listUnsubscribe" | "listUnsubscribePost"> | undefined,
): UnsubscribeOptions {
  return parseUnsubscribeHeaders(route?.listUnsubscribe ?? null, route?.listUnsubscribePost ?? null, isAllowedHost);
}

/** Subscription of docs/contract.md sections 3 and 6.2, each with its Newsletter. */
export async function describeSubscriptions(userId: number, rows: SubscriptionRow[]) {
  const ids = rows.map((row) => row.newsletterId);
  const [described, routeRows] = await Promise.all([
    findNewslettersByIds(ids).then(describeNewsletters),
    findUnsubscribeRoutes(userId, ids),
  ]);
  const newsletters = new Map(described.map((item) => [item.id, item]));
  const routes = new Map(routeRows.map((route) => [route.newsletterId, route]));
  return rows.flatMap((row) => {
    const metadata = newsletters.get(row.newsletterId);
    if (!metadata) return [];
    const route = routes.get(row.newsletterId);
    return [
      {
        id: row.id,
        newsletterId: row.newsletterId,
        newsletter_metadata: metadata,
        subscribed_at: iso(row.subscribedAt),
        unsubscribed_at: iso(row.unsubscribedAt),
        status: row.status,
        // Its mail is still filed, but left out of the feed.
        muted: row.muted,
        // The ways out the reader's own mail offers, best first.
        unsubscribe_methods: unsubscribeMethods(unsubscribeOptions(route)),
        // The sender kept sending more than 48 hours after the reader unsubscribed.
        sending_after_unsubscribe: row.status === "inactive" && route?.sentAfterLeaving === true,
      },
    ];
  });
}

export type SubscriptionDto = Awaited<ReturnType<typeof describeSubscriptions>>[number];

async function setStatus(userId: number, newsletterIds: number[], status: "active" | "inactive") {
  const unique = [...new Set(newsletterIds)];
  const visible = await findVisibleNewsletterIds(userId, unique);
  if (visible.length !== unique.length) throw new NotFoundError("Newsletter not found");
  return describeSubscriptions(userId, await upsertSubscriptions(userId, visible, status));
}

export async function subscribe(reader: { id: number; username: string }, input: SubscribeInput) {
  const address = input.new_address ? await newAddressFor(reader, input.newsletter_metadata_id) : undefined;
  const [subscription] = await setStatus(reader.id, [input.newsletter_metadata_id], "active");
  return { newsletter_id: input.newsletter_metadata_id, subscription, ...(address && { address }) };
}

/** A fresh extra address labelled with the newsletter's name, for a newsletter the reader may see. */
async function newAddressFor(reader: { id: number; username: string }, newsletterId: number) {
  const [row] = await findNewslettersByIds(await findVisibleNewsletterIds(reader.id, [newsletterId]));
  if (!row) throw new NotFoundError("Newsletter not found");
  return createAddress(reader, { label: row.name.slice(0, 80) });
}

export async function subscribeMany(userId: number, input: BulkSubscribeInput) {
  return { items: await setStatus(userId, input.newsletter_ids, "active") };
}

export async function changeSubscription(userId: number, newsletterId: number, status: "active" | "inactive") {
  const [subscription] = await setStatus(userId, [newsletterId], status);
  return subscription;
}

/** docs/contract.md 6.2: a muted newsletter's mail is still filed, but the feed leaves it out. */
export async function muteNewsletter(userId: number, newsletterId: number, muted: boolean) {
  const [visible] = await findVisibleNewsletterIds(userId, [newsletterId]);
  if (visible === undefined) throw new NotFoundError("Newsletter not found");
  const [subscription] = await describeSubscriptions(userId, [await upsertMuted(userId, newsletterId, muted)]);
  if (!subscription) throw new NotFoundError("Newsletter not found");
  return subscription;
}

export async function listSubscriptions(userId: number) {
  return { items: await describeSubscriptions(userId, await findSubscriptions(userId)) };
}

export async function getSubscription(userId: number, subscriptionId: number) {
  const row = await findSubscription(userId, subscriptionId);
  if (!row) throw new NotFoundError("Subscription not found");
  const [described] = await describeSubscriptions(userId, [row]);
  if (!described) throw new NotFoundError("Subscription not found");
  return described;
}
