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

/** Public newsletters by the points of the last week's activity (see activity.ts), active ones only. */
export async function findTrendingNewsletters(limit: number): Promise<NewsletterRow[]> {
  const activity = recentNewsletterActivity();
  const score = sql<number>`sum(${activity.points})`;
  return getDb()
    .select(getTableColumns(newsletter))
    .from(activity)
    .innerJoin(newsletter, and(eq(newsletter.id, activity.newsletterId), isPublic))
    .groupBy(newsletter.id)
    .orderBy(desc(score), ...mostFollowed)
    .limit(limit);
}

/** The most followed public newsletters, leaving out those already chosen (and, given a user, those they follow). */
export async function findMostFollowedNewsletters(limit: number, excluded: number[], userId?: number): Promise<NewsletterRow[]> {
  const conditions = [publicExcept(excluded)];
  if (userId !== undefined) conditions.push(not(followsActively(userId)));
  return getDb()
    .select()
    .from(newsletter)
    .where(and(...conditions))
    .orderBy(...mostFollowed)
    .limit(limit);
}

/** "Readers who follow what you follow also follow": ranked by how many such readers follow each. */
export async function findCoFollowedNewsletters(userId: number, limit: number): Promise<NewsletterRow[]> {
  const mine = alias(subscription, "mine");
  const peer = alias(subscription, "peer");
  const also = alias(subscription, "also");
  const readers = sql<number>`count(distinct ${also.userId})`;
  return getDb()
    .select(getTableColumns(newsletter))
    .from(mine)
    .innerJoin(peer, and(eq(peer.newsletterId, mine.newsletterId), eq(peer.status, "active"), ne(peer.userId, userId)))
    .innerJoin(also, and(eq(also.userId, peer.userId), eq(also.status, "active")))
    .innerJoin(newsletter, and(eq(newsletter.id, also.newsletterId), isPublic))
    .where(and(eq(mine.userId, userId), eq(mine.status, "active"), not(followsActively(userId))))
    .groupBy(newsletter.id)
    .orderBy(desc(readers), ...mostFollowed)
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
