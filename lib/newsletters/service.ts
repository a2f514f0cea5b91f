import "server-only";
import { toCategoryDto, toNewsletterDto, type CategoryDto, type NewsletterDto } from "./dto";
import { findCategoriesOfNewsletters, findCategoriesWithCounts, findPopularNewsletters, type NewsletterRow } from "./repo";

const POPULAR_LIMIT = 12;

/** Maps a page of rows to the contract's shape, fetching all their categories in one query. */
export async function describeNewsletters(rows: NewsletterRow[]): Promise<NewsletterDto[]> {
  const categories = await findCategoriesOfNewsletters(rows.map((row) => row.id));
  return rows.map((row) => toNewsletterDto(row, categories.get(row.id) ?? []));
}

/** Onboarding step 3: the most followed public newsletters. */
export async function listPopularNewsletters(): Promise<{ items: NewsletterDto[] }> {
  return { items: await describeNewsletters(await findPopularNewsletters(POPULAR_LIMIT)) };
}

export async function listCategories(): Promise<{ items: CategoryDto[] }> {
  return { items: (await findCategoriesWithCounts()).map(toCategoryDto) };
}
