import "server-only";
import { and, asc, count, desc, eq, getTableColumns, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { category, newsletter, newsletterCategory } from "@/db/schema";
import type { CategoryRef } from "./dto";

export type NewsletterRow = typeof newsletter.$inferSelect;

/** Public newsletters, most subscribers first, then featured, then by name. */
export async function findPopularNewsletters(limit: number): Promise<NewsletterRow[]> {
  return getDb()
    .select()
    .from(newsletter)
    .where(eq(newsletter.isPublic, true))
    .orderBy(desc(newsletter.totalSubscribers), desc(newsletter.isFeatured), asc(newsletter.name), asc(newsletter.id))
    .limit(limit);
}

/** The categories of a page of newsletters in one query, each list ordered by name. */
export async function findCategoriesOfNewsletters(newsletterIds: number[]): Promise<Map<number, CategoryRef[]>> {
  const byNewsletter = new Map<number, CategoryRef[]>();
  if (newsletterIds.length === 0) return byNewsletter;
  const rows = await getDb()
    .select({ newsletterId: newsletterCategory.newsletterId, id: category.id, name: category.name, emoji: category.emoji })
    .from(newsletterCategory)
    .innerJoin(category, eq(category.id, newsletterCategory.categoryId))
    .where(inArray(newsletterCategory.newsletterId, [...new Set(newsletterIds)]))
    .orderBy(asc(category.name), asc(category.id));
  for (const { newsletterId, ...ref } of rows) {
    const list = byNewsletter.get(newsletterId) ?? [];
    list.push(ref);
    byNewsletter.set(newsletterId, list);
  }
  return byNewsletter;
}

/** Every category with the number of public newsletters filed under it, ordered by name. */
export async function findCategoriesWithCounts(): Promise<(CategoryRef & { newsletterCount: number })[]> {
  const { id, name, emoji } = getTableColumns(category);
  return getDb()
    .select({ id, name, emoji, newsletterCount: count(newsletter.id) })
    .from(category)
    .leftJoin(newsletterCategory, eq(newsletterCategory.categoryId, category.id))
    .leftJoin(newsletter, and(eq(newsletter.id, newsletterCategory.newsletterId), eq(newsletter.isPublic, true)))
    .groupBy(category.id)
    .orderBy(asc(category.name), asc(category.id));
}
