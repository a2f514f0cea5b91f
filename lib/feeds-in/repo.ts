import "server-only";
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email, feedEntry, feedImport, feedSubscription, followedFeed, user } from "@/db/schema";

export type FeedRow = typeof followedFeed.$inferSelect;
export type FeedChange = Partial<Omit<typeof followedFeed.$inferInsert, "id" | "feedUrl" | "createdAt">>;
export type FeedImportRow = typeof feedImport.$inferSelect;

const inSeconds = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** The feed row of this URL, made on its first follower's visit. */
export async function findOrInsertFeed(feedUrl: string, values: { title: string }): Promise<FeedRow> {
  const [inserted] = await getDb().insert(followedFeed).values({ feedUrl, title: values.title }).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [found] = await getDb().select().from(followedFeed).where(eq(followedFeed.feedUrl, feedUrl));
  return found;
}

export async function updateFeed(feedId: number, change: FeedChange): Promise<void> {
  await getDb().update(followedFeed).set(change).where(eq(followedFeed.id, feedId));
}

export async function findFeed(feedId: number): Promise<FeedRow | undefined> {
  const [row] = await getDb().select().from(followedFeed).where(eq(followedFeed.id, feedId));
  return row;
}

/** Sets when the feed is next fetched, from now, and its outcome; `holder`'s lease on it ends. */
export async function releaseFeed(holder: string, feedId: number, change: FeedChange, nextInSeconds: number): Promise<void> {
  await getDb()
    .update(followedFeed)
    .set({ ...change, nextPollAt: inSeconds(nextInSeconds), leaseHolder: null, leaseUntil: null })
    .where(and(eq(followedFeed.id, feedId), eq(followedFeed.leaseHolder, holder)));
}

const followed = () => sql`exists (select 1 from ${feedSubscription} where ${feedSubscription.feedId} = ${followedFeed.id})`;

/**
 * Takes up to `limit` followed feeds due a fetch that nobody holds, for `holder` until `seconds` from now.
 * SKIP LOCKED: two instances claiming at once take different feeds, never the same one.
 */
export async function claimDueFeeds(holder: string, seconds: number, limit: number): Promise<FeedRow[]> {
  const free = getDb()
    .select({ id: followedFeed.id })
    .from(followedFeed)
    .where(
      and(
        lte(followedFeed.nextPollAt, sql`now()`),
        or(isNull(followedFeed.leaseUntil), lt(followedFeed.leaseUntil, sql`now()`)),
        followed(),
      ),
    )
    .orderBy(asc(followedFeed.nextPollAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return getDb()
    .update(followedFeed)
    .set({ leaseHolder: holder, leaseUntil: inSeconds(seconds) })
    .where(inArray(followedFeed.id, free))
    .returning();
}

/** Takes one feed for `holder` when nobody holds it (a push from its hub); undefined when someone does. */
export async function claimFeed(holder: string, feedId: number, seconds: number): Promise<FeedRow | undefined> {
  const [row] = await getDb()
    .update(followedFeed)
    .set({ leaseHolder: holder, leaseUntil: inSeconds(seconds) })
    .where(and(eq(followedFeed.id, feedId), or(isNull(followedFeed.leaseUntil), lt(followedFeed.leaseUntil, sql`now()`))))
    .returning();
  return row;
}

export async function insertSubscription(userId: number, feedId: number, url: string) {
  const [row] = await getDb().insert(feedSubscription).values({ userId, feedId, url }).onConflictDoNothing().returning();
  return row;
}

const subscriptionColumns = { subscription: feedSubscription, feed: followedFeed };

export type SubscriptionWithFeed = { subscription: typeof feedSubscription.$inferSelect; feed: FeedRow };

export async function listSubscriptions(userId: number): Promise<SubscriptionWithFeed[]> {
  return getDb()
    .select(subscriptionColumns)
    .from(feedSubscription)
    .innerJoin(followedFeed, eq(followedFeed.id, feedSubscription.feedId))
    .where(eq(feedSubscription.userId, userId))
    .orderBy(asc(followedFeed.title), asc(feedSubscription.id));
}

export async function findSubscription(userId: number, subscriptionId: number): Promise<SubscriptionWithFeed | undefined> {
  const [row] = await getDb()
    .select(subscriptionColumns)
    .from(feedSubscription)
    .innerJoin(followedFeed, eq(followedFeed.id, feedSubscription.feedId))
    .where(and(eq(feedSubscription.userId, userId), eq(feedSubscription.id, subscriptionId)));
  return row;
}

/** Whether the reader follows a feed by this URL, as typed or as found. */
export async function followsUrl(userId: number, url: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: feedSubscription.id })
    .from(feedSubscription)
    .innerJoin(followedFeed, eq(followedFeed.id, feedSubscription.feedId))
    .where(and(eq(feedSubscription.userId, userId), or(eq(feedSubscription.url, url), eq(followedFeed.feedUrl, url))))
    .limit(1);
  return Boolean(row);
}

/** Deletes the reader's subscription; returns its feed, or undefined when it was not theirs. */
export async function deleteSubscription(userId: number, subscriptionId: number): Promise<number | undefined> {
  const [row] = await getDb()
    .delete(feedSubscription)
    .where(and(eq(feedSubscription.userId, userId), eq(feedSubscription.id, subscriptionId)))
    .returning({ feedId: feedSubscription.feedId });
  return row?.feedId;
}

export async function updateSubscriptionNewsletter(userId: number, subscriptionId: number, newsletterId: number): Promise<void> {
  await getDb()
    .update(feedSubscription)
    .set({ newsletterId })
    .where(and(eq(feedSubscription.userId, userId), eq(feedSubscription.id, subscriptionId)));
}

/** Who follows the feed, with their subscription. */
export async function findFollowers(feedId: number): Promise<{ userId: number; subscriptionId: number }[]> {
  return getDb()
    .select({ userId: feedSubscription.userId, subscriptionId: feedSubscription.id })
    .from(feedSubscription)
    .where(eq(feedSubscription.feedId, feedId))
    .orderBy(asc(feedSubscription.id));
}

/** The reader's unique address's local part, by which filing knows them. */
export async function findUniqueLocal(userId: number): Promise<string | undefined> {
  const [row] = await getDb().select({ uniqueLocal: user.uniqueLocal }).from(user).where(eq(user.id, userId));
  return row?.uniqueLocal;
}

/**
 * The row of each entry, by its id or else its link: one met before under either is the same row (a feed
 * that changes an entry's guid, or gives it one later, files it once). New ones are inserted.
 */
export async function recordEntries(feedId: number, entries: { guid: string | null; link: string | null }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const entry of entries) {
    const keys = [entry.guid ? eq(feedEntry.guid, entry.guid) : undefined, entry.link ? eq(feedEntry.link, entry.link) : undefined].filter(
      (key) => key !== undefined,
    );
    const [known] = await getDb()
      .select({ id: feedEntry.id })
      .from(feedEntry)
      .where(and(eq(feedEntry.feedId, feedId), or(...keys)))
      .orderBy(asc(feedEntry.id))
      .limit(1);
    if (known) {
      ids.push(known.id);
      continue;
    }
    const [inserted] = await getDb()
      .insert(feedEntry)
      .values({ feedId, guid: entry.guid, link: entry.link })
      .onConflictDoNothing()
      .returning();
    if (inserted) ids.push(inserted.id);
    else {
      // Inserted meanwhile by a concurrent filing of the same feed (a push during a poll).
      const [raced] = await getDb()
        .select({ id: feedEntry.id })
        .from(feedEntry)
        .where(and(eq(feedEntry.feedId, feedId), or(...keys)))
        .limit(1);
      ids.push(raced.id);
    }
  }
  return ids;
}

/** Which of these message keys the reader holds an email of. */
export async function findHeldKeys(userId: number, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await getDb()
    .select({ key: email.messageKey })
    .from(email)
    .where(and(eq(email.userId, userId), inArray(email.messageKey, keys)));
  return new Set(rows.map((row) => row.key));
}

/** Gives the reader's email of this entry its link; returns its newsletter. */
export async function updateEmailLink(userId: number, messageKey: string, link: string | null): Promise<number | undefined> {
  const [row] = await getDb()
    .update(email)
    .set({ linkUrl: link })
    .where(and(eq(email.userId, userId), eq(email.messageKey, messageKey)))
    .returning({ newsletterId: email.newsletterId });
  return row?.newsletterId;
}

export async function insertFeedImport(userId: number, urls: string[]): Promise<FeedImportRow> {
  const [row] = await getDb()
    .insert(feedImport)
    .values({ userId, urls, status: urls.length === 0 ? "done" : "running" })
    .returning();
  return row;
}

export async function findFeedImportById(importId: number): Promise<FeedImportRow | undefined> {
  const [row] = await getDb().select().from(feedImport).where(eq(feedImport.id, importId));
  return row;
}

export async function listFeedImports(userId: number, limit: number): Promise<FeedImportRow[]> {
  return getDb().select().from(feedImport).where(eq(feedImport.userId, userId)).orderBy(desc(feedImport.id)).limit(limit);
}

/** Counts one outline done, unless another run of the job counted it first; false then. */
export async function advanceFeedImport(importId: number, at: number, outcome: "followed" | "failed", done: boolean): Promise<boolean> {
  const rows = await getDb()
    .update(feedImport)
    .set({
      processed: sql`${feedImport.processed} + 1`,
      followed: outcome === "followed" ? sql`${feedImport.followed} + 1` : feedImport.followed,
      failed: outcome === "failed" ? sql`${feedImport.failed} + 1` : feedImport.failed,
      status: done ? "done" : "running",
    })
    .where(and(eq(feedImport.id, importId), eq(feedImport.processed, at)))
    .returning({ id: feedImport.id });
  return rows.length > 0;
}
