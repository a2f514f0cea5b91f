import "server-only";
import { randomBytes } from "node:crypto";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/queue";
import { logger } from "@/lib/observability/log";
import { fetchFeed, discoverFeed, type FetchOutcome } from "./fetch";
import { fileEntries, readerOf, type FeedIdentity, type KnownEntry } from "./file";
import { FeedParseError, parseFeedDocument, type ParsedFeed } from "./parse";
import {
  claimDueFeeds,
  claimFeed,
  findFeed,
  deleteSubscription,
  findFollowers,
  findOrInsertFeed,
  findSubscription,
  followsUrl,
  insertSubscription,
  listSubscriptions,
  recordEntries,
  releaseFeed,
  updateFeed,
  updateSubscriptionNewsletter,
  type FeedChange,
  type FeedRow,
  type SubscriptionWithFeed,
} from "./repo";
import { signatureVerifies, subscribeToHub, unsubscribeFromHub } from "./websub";

/** CONTRACT 8.5's feed subscription, with the feed's last error and next fetch for Settings. */
export type FeedSubscriptionDto = {
  id: number;
  url: string;
  feed_url: string;
  title: string;
  site_url: string | null;
  newsletter_id: number | null;
  status: FeedRow["status"];
  last_fetched_at: string | null;
  last_error: string | null;
  next_fetch_at: string;
};

function toDto({ subscription, feed }: SubscriptionWithFeed): FeedSubscriptionDto {
  return {
    id: subscription.id,
    url: subscription.url,
    feed_url: feed.feedUrl,
    title: feed.title,
    site_url: feed.siteUrl,
    newsletter_id: subscription.newsletterId,
    status: feed.status,
    last_fetched_at: feed.lastFetchedAt?.toISOString() ?? null,
    last_error: feed.lastError,
    next_fetch_at: feed.nextPollAt.toISOString(),
  };
}

export const FEED_POLL_JOB = "feeds-in-poll";
// A fetch takes at most 10 s, and filing a round's new entries for every follower a while longer.
const LEASE_SECONDS = 300;
const FEEDS_PER_JOB = 10;
// A failing feed is tried less and less often, down to once a day.
const MAX_BACKOFF_SECONDS = 24 * 3600;

const pollSeconds = () => env.FEED_POLL_MINUTES * 60;

export async function listFeedSubscriptions(userId: number): Promise<{ items: FeedSubscriptionDto[] }> {
  return { items: (await listSubscriptions(userId)).map(toDto) };
}

/**
 * Follows the feed at `url` or the one its page links (CONTRACT 8.5): 422 when none is found or the host
 * is refused, 409 when the reader follows it already. Every entry it holds is filed at once.
 */
export async function followFeed(userId: number, url: string): Promise<FeedSubscriptionDto> {
  if (await followsUrl(userId, url)) throw new ConflictError("You already follow this feed");
  const discovered = await discoverFeed(url);
  if ("reason" in discovered) throw ValidationError.of("url", discovered.reason);
  const { feed: parsed } = discovered.outcome;
  const feed = await findOrInsertFeed(discovered.feedUrl, { title: titleOf(parsed, discovered.feedUrl) });
  const subscription = await insertSubscription(userId, feed.id, url);
  if (!subscription) throw new ConflictError("You already follow this feed");
  const entries = await knownEntries(feed.id, parsed);
  // Only a feed's first follower sets its validators and next fetch: for a followed one, the next round's
  // conditional request must still see what this fetch saw, or its other followers would miss its new entries.
  const first = feed.lastFetchedAt === null;
  const { validators } = discovered.outcome;
  const change = {
    ...feedDetails(parsed, discovered.feedUrl),
    status: "ok" as const,
    lastError: null,
    errorStreak: 0,
    lastFetchedAt: new Date(),
    ...(first
      ? { etag: validators.etag, lastModified: validators.lastModified, nextPollAt: new Date(Date.now() + pollSeconds() * 1000) }
      : {}),
  };
  await updateFeed(feed.id, change);
  await fileFor(userId, subscription.id, { ...feed, ...change }, entries);
  if (first && parsed.hubUrl) await subscribeToHub({ ...feed, ...change }).catch(() => undefined);
  const saved = await findSubscription(userId, subscription.id);
  if (!saved) throw new NotFoundError("Feed subscription not found");
  return toDto(saved);
}

/** Stops following (CONTRACT 8.5: the issues filed stay); the last follower's leaving ends the hub's pushes. */
export async function unfollowFeed(userId: number, subscriptionId: number): Promise<void> {
  const feedId = await deleteSubscription(userId, subscriptionId);
  if (feedId === undefined) throw new NotFoundError("Feed subscription not found");
  if ((await findFollowers(feedId)).length > 0) return;
  const feed = await findFeed(feedId);
  if (feed?.websubUntil) await unsubscribeFromHub(feed).catch(() => undefined);
}

/** Fetches the feed now (202): it is made due and a job, on any instance, fetches it. */
export async function refreshFeed(userId: number, subscriptionId: number): Promise<FeedSubscriptionDto> {
  const found = await findSubscription(userId, subscriptionId);
  if (!found) throw new NotFoundError("Feed subscription not found");
  await updateFeed(found.feed.id, { nextPollAt: new Date() });
  await enqueueJob(FEED_POLL_JOB, {});
  return toDto(found);
}

function titleOf(parsed: ParsedFeed, feedUrl: string): string {
  return (parsed.title || new URL(feedUrl).hostname).slice(0, 200);
}

type FeedDetails = Pick<FeedRow, "title" | "siteUrl" | "hubUrl" | "selfUrl">;

function feedDetails(parsed: ParsedFeed, feedUrl: string): FeedDetails {
  return { title: titleOf(parsed, feedUrl), siteUrl: parsed.siteUrl, hubUrl: parsed.hubUrl, selfUrl: parsed.selfUrl };
}

async function knownEntries(feedId: number, parsed: ParsedFeed): Promise<KnownEntry[]> {
  // An entry with neither id nor link cannot be told apart from the next one: it is left out.
  const entries = parsed.entries.filter((entry) => entry.guid || entry.link);
  const ids = await recordEntries(feedId, entries);
  return entries.map((entry, index) => ({ entryId: ids[index], entry }));
}

async function fileFor(userId: number, subscriptionId: number, feed: FeedIdentity, entries: KnownEntry[]): Promise<number> {
  const reader = await readerOf(userId);
  if (!reader) return 0;
  const { filed, newsletterId } = await fileEntries(
    reader,
    { id: feed.id, title: feed.title, siteUrl: feed.siteUrl, feedUrl: feed.feedUrl },
    entries,
  );
  if (newsletterId !== null) await updateSubscriptionNewsletter(userId, subscriptionId, newsletterId);
  return filed;
}

/** Files a fetched document's entries for every follower of the feed: fetched once, filed for each. */
async function fileForFollowers(feed: FeedRow, parsed: ParsedFeed): Promise<number> {
  const entries = await knownEntries(feed.id, parsed);
  const identity = { ...feed, ...feedDetails(parsed, feed.feedUrl) };
  let filed = 0;
  for (const follower of await findFollowers(feed.id)) filed += await fileFor(follower.userId, follower.subscriptionId, identity, entries);
  return filed;
}

/** Called by the worker's sweep: one poll job in the queue at a time. */
export async function scheduleFeedPolls(): Promise<void> {
  await enqueueJob(FEED_POLL_JOB, {}, { singletonKey: FEED_POLL_JOB, singletonSeconds: 30 });
}

/**
 * The poll job: takes the due feeds nobody holds (a lease in PostgreSQL, so across instances each is
 * fetched once per round), fetches each conditionally and files what is new for each follower.
 */
export async function feedPollJob(): Promise<void> {
  const holder = `poll-${randomBytes(6).toString("hex")}`;
  const claimed = await pollDueFeeds(holder, FEEDS_PER_JOB);
  // The rest in a next job, so one job never runs past its expiry.
  if (claimed === FEEDS_PER_JOB) await enqueueJob(FEED_POLL_JOB, {});
}

/** Polls up to `limit` due feeds as `holder`; returns how many it took. */
export async function pollDueFeeds(holder: string, limit: number): Promise<number> {
  const feeds = await claimDueFeeds(holder, LEASE_SECONDS, limit);
  for (const feed of feeds) await pollFeed(holder, feed);
  return feeds.length;
}

async function pollFeed(holder: string, feed: FeedRow): Promise<void> {
  let outcome: FetchOutcome;
  try {
    outcome = await fetchFeed(feed.feedUrl, { etag: feed.etag, lastModified: feed.lastModified });
  } catch (error) {
    logger.error({ err: error, feed_id: feed.id }, "A followed feed could not be fetched");
    outcome = { kind: "failed", reason: "The feed could not be fetched", retryAfterSeconds: null };
  }
  await applyOutcome(holder, feed, outcome);
}

/** Files what a fetch brought and sets the feed's status and next fetch; `holder`'s lease ends. */
async function applyOutcome(holder: string, feed: FeedRow, outcome: FetchOutcome): Promise<void> {
  const fetchedAt = new Date();
  if (outcome.kind === "failed") {
    const streak = feed.errorStreak + 1;
    const backoff = Math.min(pollSeconds() * 2 ** (streak - 1), MAX_BACKOFF_SECONDS);
    const wait = Math.max(backoff, outcome.retryAfterSeconds ?? 0);
    await releaseFeed(holder, feed.id, { status: "error", lastError: outcome.reason, errorStreak: streak, lastFetchedAt: fetchedAt }, wait);
    return;
  }
  const healthy: FeedChange = { status: "ok", lastError: null, errorStreak: 0, lastFetchedAt: fetchedAt };
  if (outcome.kind === "not_modified") {
    await releaseFeed(holder, feed.id, healthy, pollSeconds());
    return;
  }
  try {
    await fileForFollowers(feed, outcome.feed);
  } catch (error) {
    // Its validators stay as they were, so the next round fetches it whole and files again what is missing.
    logger.error({ err: error, feed_id: feed.id }, "A followed feed's entries could not be filed");
    await releaseFeed(
      holder,
      feed.id,
      { status: "error", lastError: "Its entries could not be filed", lastFetchedAt: fetchedAt },
      pollSeconds(),
    );
    return;
  }
  const details = feedDetails(outcome.feed, feed.feedUrl);
  await releaseFeed(holder, feed.id, { ...healthy, ...details, ...outcome.validators }, pollSeconds());
  if (details.hubUrl && (!feed.websubUntil || feed.websubUntil.getTime() < Date.now() + 86_400_000)) {
    await subscribeToHub({ ...feed, ...details }).catch(() => undefined);
  }
}

/**
 * A hub's push of the feed (WebSub): taken only when X-Hub-Signature is the HMAC of the body under the
 * feed's secret (403 otherwise), then filed for every follower as a fetch's would be.
 */
export async function receivePush(feedId: number, signature: string | null, body: Buffer): Promise<{ filed: number }> {
  const feed = await findFeed(feedId);
  if (!feed?.websubSecret) throw new NotFoundError("Unknown subscription");
  if (!signatureVerifies(signature, body, feed.websubSecret)) throw new ForbiddenError("The signature does not verify");
  let parsed: ParsedFeed;
  try {
    parsed = parseFeedDocument(body.toString("utf8"), feed.feedUrl);
  } catch (error) {
    if (error instanceof FeedParseError) throw ValidationError.of("body", error.message);
    throw error;
  }
  // Held while filing, so a poll of the same feed does not file the same entries beside it.
  const holder = `push-${randomBytes(6).toString("hex")}`;
  const held = await claimFeed(holder, feed.id, LEASE_SECONDS);
  if (!held) return { filed: 0 };
  try {
    return { filed: await fileForFollowers(held, parsed) };
  } finally {
    await releaseFeed(holder, feed.id, {}, Math.max(0, (held.nextPollAt.getTime() - Date.now()) / 1000));
  }
}
