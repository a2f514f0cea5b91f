import "server-only";
import { and, asc, desc, eq, exists, gt, inArray, or, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email, newsletter, subscription, unsubscribeRoute } from "@/db/schema";

export type SubscriptionRow = typeof subscription.$inferSelect;

/** Newsletters this user may follow: public ones, and private ones whose mail reached them. */
export async function findVisibleNewsletterIds(userId: number, newsletterIds: number[]): Promise<number[]> {
  if (newsletterIds.length === 0) return [];
  const received = exists(
    getDb()
      .select({ one: sql`1` })
      .from(email)
      .where(and(eq(email.userId, userId), eq(email.newsletterId, newsletter.id))),
  );
  const rows = await getDb()
    .select({ id: newsletter.id })
    .from(newsletter)
    .where(and(inArray(newsletter.id, newsletterIds), or(eq(newsletter.isPublic, true), received)));
  return rows.map((row) => row.id);
}

/** Sets the user's subscriptions to these newsletters, creating rows as needed, and recounts followers. */
export async function upsertSubscriptions(
  userId: number,
  newsletterIds: number[],
  status: "active" | "inactive",
): Promise<SubscriptionRow[]> {
  if (newsletterIds.length === 0) return [];
  const now = new Date();
  const dates = status === "active" ? { subscribedAt: now, unsubscribedAt: null } : { unsubscribedAt: now };
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .insert(subscription)
      .values(newsletterIds.map((newsletterId) => ({ userId, newsletterId, status, ...dates })))
      .onConflictDoUpdate({ target: [subscription.userId, subscription.newsletterId], set: { status, ...dates } })
      .returning();
    await tx
      .update(newsletter)
      .set({
        totalSubscribers: sql`(select count(*)::int from ${subscription} where ${subscription.newsletterId} = ${newsletter.id} and ${subscription.status} = 'active')`,
      })
      .where(inArray(newsletter.id, newsletterIds));
    return rows;
  });
}

/** Mutes or unmutes the user's subscription, creating it (unconfirmed) when there is none. */
export async function upsertMuted(userId: number, newsletterId: number, muted: boolean): Promise<SubscriptionRow> {
  const [row] = await getDb()
    .insert(subscription)
    .values({ userId, newsletterId, status: "inactive", muted })
    .onConflictDoUpdate({ target: [subscription.userId, subscription.newsletterId], set: { muted } })
    .returning();
  return row;
}

export async function findSubscriptions(userId: number): Promise<SubscriptionRow[]> {
  return getDb()
    .select()
    .from(subscription)
    .where(eq(subscription.userId, userId))
    .orderBy(asc(subscription.status), desc(subscription.subscribedAt), desc(subscription.id));
}

export async function findSubscription(userId: number, subscriptionId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await getDb()
    .select()
    .from(subscription)
    .where(and(eq(subscription.userId, userId), eq(subscription.id, subscriptionId)));
  return row;
}

export async function findNewslettersByIds(newsletterIds: number[]) {
  if (newsletterIds.length === 0) return [];
  return getDb()
    .select()
    .from(newsletter)
    .where(inArray(newsletter.id, [...new Set(newsletterIds)]));
}

/** Sending goes on this long after an unsubscribe before it counts as ignoring it. */
const GRACE = sql`interval '48 hours'`;

export type UnsubscribeRouteRow = {
  newsletterId: number;
  listUnsubscribe: string;
  listUnsubscribePost: string | null;
  sentAfterLeaving: boolean;
};

/** The reader's own unsubscribe headers for these newsletters, and whether an issue arrived well after they last left. */
export async function findUnsubscribeRoutes(userId: number, newsletterIds: number[]): Promise<UnsubscribeRouteRow[]> {
  if (newsletterIds.length === 0) return [];
  const lateIssue = exists(
    getDb()
      .select({ one: sql`1` })
      .from(email)
      .where(
        and(
          eq(email.userId, userId),
          eq(email.newsletterId, unsubscribeRoute.newsletterId),
          eq(email.kind, "issue"),
          gt(email.createdAt, sql`${unsubscribeRoute.leftAt} + ${GRACE}`),
        ),
      ),
  );
  return getDb()
    .select({
      newsletterId: unsubscribeRoute.newsletterId,
      listUnsubscribe: unsubscribeRoute.listUnsubscribe,
      listUnsubscribePost: unsubscribeRoute.listUnsubscribePost,
      sentAfterLeaving: sql<boolean>`${unsubscribeRoute.leftAt} IS NOT NULL AND ${lateIssue}`,
    })
    .from(unsubscribeRoute)
    .where(and(eq(unsubscribeRoute.userId, userId), inArray(unsubscribeRoute.newsletterId, newsletterIds)));
}

export async function findSubscriptionTo(userId: number, newsletterId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await getDb()
    .select()
    .from(subscription)
    .where(and(eq(subscription.userId, userId), eq(subscription.newsletterId, newsletterId)));
  return row;
}

/** A real unsubscribe went out: issues arriving 48 hours after this show the sender ignoring it. */
export async function updateLeftAt(userId: number, newsletterId: number, at: Date): Promise<void> {
  await getDb()
    .update(unsubscribeRoute)
    .set({ leftAt: at })
    .where(and(eq(unsubscribeRoute.userId, userId), eq(unsubscribeRoute.newsletterId, newsletterId)));
}
