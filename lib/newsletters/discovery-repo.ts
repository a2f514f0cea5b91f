import "server-only";
import { and, asc, desc, eq, exists, getTableColumns, inArray, ne, not, notInArray, or, sql, type SQL } from "drizzle-orm";
import { alias, unionAll } from "drizzle-orm/pg-core";
import { getDb } from "@/db/client";
import { category, email, emailLike, emailRead, issue, newsletter, newsletterCategory, subscription } from "@/db/schema";
import { isPublic, recentNewsletterActivity } from "./activity";
import type { NewsletterRow } from "./repo";

const mostFollowed = [desc(newsletter.totalSubscribers), desc(newsletter.isFeatured), asc(newsletter.name), asc(newsletter.id)];

function followsActively(userId: number): SQL {
  return exists(
    getDb()
      .select({ one: sql`1` })
      .from(subscription)
      .where(and(eq(subscription.userId, userId), eq(subscription.newsletterId, newsletter.id), eq(subscription.status, "active"))),
  );
}

/** Neither followed nor already arriving in the reader's mail: what a recommendation may offer. */
function newToReader(userId: number): SQL {
  const received = exists(
    getDb()
      .select({ one: sql`1` })
      .from(email)
      .where(and(eq(email.userId, userId), eq(email.newsletterId, newsletter.id))),
  );
  return and(not(followsActively(userId)), not(received))!;
}

// Featured newsletters have a section of their own above the recommendations.
const notFeatured = not(newsletter.isFeatured);

function publicExcept(excluded: number[]): SQL {
  return excluded.length > 0 ? and(isPublic, notInArray(newsletter.id, excluded))! : isPublic;
}

/** A newsletter this user may see: a public one, or a private one whose mail reached them. */
export async function findVisibleNewsletter(userId: number, newsletterId: number): Promise<NewsletterRow | undefined> {
  const received = exists(
    getDb()
      .select({ one: sql`1` })
      .from(email)
      .where(and(eq(email.userId, userId), eq(email.newsletterId, newsletter.id))),
  );
  const [row] = await getDb()
    .select()
    .from(newsletter)
    .where(and(eq(newsletter.id, newsletterId), or(isPublic, received)));
  return row;
}

export async function findPublicNewsletter(newsletterId: number): Promise<NewsletterRow | undefined> {
  const [row] = await getDb()
    .select()
    .from(newsletter)
    .where(and(eq(newsletter.id, newsletterId), isPublic));
  return row;
}

export async function findFeaturedNewsletters(limit: number): Promise<NewsletterRow[]> {
  return getDb()
    .select()
    .from(newsletter)
    .where(and(isPublic, sql`${newsletter.isFeatured}`))
    .orderBy(...mostFollowed)
    .limit(limit);
}

export async function categoryExists(categoryId: number): Promise<boolean> {
  const rows = await getDb().select({ id: category.id }).from(category).where(eq(category.id, categoryId));
  return rows.length > 0;
}

export async function findCategoryNewsletters(categoryId: number, limit: number): Promise<NewsletterRow[]> {
  return getDb()
    .select(getTableColumns(newsletter))
    .from(newsletterCategory)
    .innerJoin(newsletter, eq(newsletter.id, newsletterCategory.newsletterId))
    .where(and(eq(newsletterCategory.categoryId, categoryId), isPublic))
    .orderBy(...mostFollowed)
    .limit(limit);
}

/** Ids of public newsletters by the points of the last week's activity (see activity.ts), active ones only. */
export async function findTrendingNewsletterIds(limit: number): Promise<number[]> {
  const activity = recentNewsletterActivity();
  const score = sql<number>`sum(${activity.points})`;
  const rows = await getDb()
    .select({ id: newsletter.id })
    .from(activity)
    .innerJoin(newsletter, and(eq(newsletter.id, activity.newsletterId), isPublic))
    .groupBy(newsletter.id)
    .orderBy(desc(score), ...mostFollowed)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** These newsletters in the given order, those no longer public left out. */
export async function findPublicNewslettersByIds(ids: number[]): Promise<NewsletterRow[]> {
  if (ids.length === 0) return [];
  const rows = await getDb()
    .select()
    .from(newsletter)
    .where(and(isPublic, inArray(newsletter.id, ids)));
  return rows.sort((left, right) => ids.indexOf(left.id) - ids.indexOf(right.id));
}

/** The most followed public newsletters, leaving out those already chosen. */
export async function findMostFollowedNewsletters(limit: number, excluded: number[]): Promise<NewsletterRow[]> {
  return getDb()
    .select()
    .from(newsletter)
    .where(publicExcept(excluded))
    .orderBy(...mostFollowed)
    .limit(limit);
}

/**
 * The most followed public newsletters new to this reader, leaving out those already chosen: those Featured
 * does not show, or (`featured`) only those it does, which come last.
 */
export async function findMostFollowedNew(userId: number, limit: number, excluded: number[], featured = false): Promise<NewsletterRow[]> {
  return getDb()
    .select()
    .from(newsletter)
    .where(and(publicExcept(excluded), newToReader(userId), featured ? sql`${newsletter.isFeatured}` : notFeatured))
    .orderBy(...mostFollowed)
    .limit(limit);
}

// Enough co-readers to rank by, while a reader of a hugely popular newsletter still costs a bounded query.
const MAX_PEERS = 2000;

/** "Readers who follow what you follow also follow": ranked by how many such readers follow each. */
export async function findCoFollowedNewsletters(userId: number, limit: number): Promise<NewsletterRow[]> {
  const mine = alias(subscription, "mine");
  const peer = alias(subscription, "peer");
  const also = alias(subscription, "also");
  const peers = getDb()
    .selectDistinct({ userId: peer.userId })
    .from(mine)
    .innerJoin(peer, and(eq(peer.newsletterId, mine.newsletterId), eq(peer.status, "active"), ne(peer.userId, userId)))
    .where(and(eq(mine.userId, userId), eq(mine.status, "active")))
    .orderBy(desc(peer.userId))
    .limit(MAX_PEERS)
    .as("peers");
  const readers = getDb()
    .select({ newsletterId: also.newsletterId, count: sql<number>`count(*)`.as("readers") })
    .from(peers)
    .innerJoin(also, and(eq(also.userId, peers.userId), eq(also.status, "active")))
    .groupBy(also.newsletterId)
    .as("co_readers");
  return getDb()
    .select(getTableColumns(newsletter))
    .from(readers)
    .innerJoin(newsletter, and(eq(newsletter.id, readers.newsletterId), isPublic))
    .where(and(newToReader(userId), notFeatured))
    .orderBy(desc(readers.count), ...mostFollowed)
    .limit(limit);
}

/** How much each thing a reader does with a newsletter says about their taste for its categories. */
const TASTE = { like: 3, follow: 2, read: 1 } as const;
// The newest likes and reads stand for the reader's taste, and keep the query bounded for a reader of years.
const TASTE_SIGNALS = 200;

/** The categories of what this reader likes, follows and reads, each with the weight of those signals. */
function readerTaste(userId: number) {
  const db = getDb();
  const weight = (value: number) => sql<number>`${sql.raw(String(value))}::int`.as("weight");
  const likes = db
    .select({ issueId: emailLike.issueId })
    .from(emailLike)
    .where(eq(emailLike.userId, userId))
    .orderBy(desc(emailLike.createdAt))
    .limit(TASTE_SIGNALS)
    .as("recent_likes");
  const reads = db
    .select({ issueId: emailRead.issueId })
    .from(emailRead)
    .where(eq(emailRead.userId, userId))
    .orderBy(desc(emailRead.emailId))
    .limit(TASTE_SIGNALS)
    .as("recent_reads");
  const signals = unionAll(
    db
      .select({ newsletterId: subscription.newsletterId, weight: weight(TASTE.follow) })
      .from(subscription)
      .where(and(eq(subscription.userId, userId), eq(subscription.status, "active"))),
    db
      .select({ newsletterId: issue.newsletterId, weight: weight(TASTE.like) })
      .from(likes)
      .innerJoin(issue, eq(issue.id, likes.issueId)),
    db
      .select({ newsletterId: issue.newsletterId, weight: weight(TASTE.read) })
      .from(reads)
      .innerJoin(issue, eq(issue.id, reads.issueId)),
  ).as("signals");
  return db
    .select({ categoryId: newsletterCategory.categoryId, weight: sql<number>`sum(${signals.weight})`.as("category_weight") })
    .from(signals)
    .innerJoin(newsletterCategory, eq(newsletterCategory.newsletterId, signals.newsletterId))
    .groupBy(newsletterCategory.categoryId)
    .as("taste");
}

/**
 * Public newsletters new to this reader in the categories of what they like, follow and read, the closest to
 * their taste first (the summed weight of the categories they share), then the most followed; none featured.
 */
export async function findNewslettersForTaste(userId: number, limit: number, excluded: number[]): Promise<NewsletterRow[]> {
  const taste = readerTaste(userId);
  return getDb()
    .select(getTableColumns(newsletter))
    .from(taste)
    .innerJoin(newsletterCategory, eq(newsletterCategory.categoryId, taste.categoryId))
    .innerJoin(newsletter, eq(newsletter.id, newsletterCategory.newsletterId))
    .where(and(publicExcept(excluded), newToReader(userId), notFeatured))
    .groupBy(newsletter.id)
    .orderBy(desc(sql`sum(${taste.weight})`), ...mostFollowed)
    .limit(limit);
}
