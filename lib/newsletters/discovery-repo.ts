import "server-only";
import { and, asc, desc, eq, exists, getTableColumns, inArray, ne, not, notInArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "@/db/client";
import { category, email, newsletter, newsletterCategory, subscription } from "@/db/schema";
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

/** The most followed public newsletters this user does not follow, leaving out those already chosen. */
export async function findMostFollowedUnfollowed(userId: number, limit: number, excluded: number[]): Promise<NewsletterRow[]> {
  return getDb()
    .select()
    .from(newsletter)
    .where(and(publicExcept(excluded), not(followsActively(userId))))
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
    .where(not(followsActively(userId)))
    .orderBy(desc(readers.count), ...mostFollowed)
    .limit(limit);
}

/** The most followed public newsletters that share a category with one the user follows. */
export async function findNewslettersInFollowedCategories(userId: number, limit: number, excluded: number[]): Promise<NewsletterRow[]> {
  const followedCategories = getDb()
    .select({ categoryId: newsletterCategory.categoryId })
    .from(subscription)
    .innerJoin(newsletterCategory, eq(newsletterCategory.newsletterId, subscription.newsletterId))
    .where(and(eq(subscription.userId, userId), eq(subscription.status, "active")));
  const inThoseCategories = exists(
    getDb()
      .select({ one: sql`1` })
      .from(newsletterCategory)
      .where(and(eq(newsletterCategory.newsletterId, newsletter.id), inArray(newsletterCategory.categoryId, followedCategories))),
  );
  return getDb()
    .select()
    .from(newsletter)
    .where(and(publicExcept(excluded), inThoseCategories, not(followsActively(userId))))
    .orderBy(...mostFollowed)
    .limit(limit);
}
