import "server-only";
import { and, asc, count, desc, eq, exists, getTableColumns, inArray, or } from "drizzle-orm";
import { getDb } from "@/db/client";
import { category, email, newsletter, newsletterCategory } from "@/db/schema";
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

/** The catalog's logo URL of a newsletter the user may see: a public one, or one that mailed them. */
export async function findLogoUrl(userId: number, newsletterId: number): Promise<string | null | undefined> {
  const [row] = await getDb()
    .select({ url: newsletter.logoUrl })
    .from(newsletter)
    .where(
      and(
        eq(newsletter.id, newsletterId),
        or(
          eq(newsletter.isPublic, true),
          exists(
            getDb()
              .select({ id: email.id })
              .from(email)
              .where(and(eq(email.userId, userId), eq(email.newsletterId, newsletterId))),
          ),
        ),
      ),
    );
  return row ? row.url : undefined;
}
