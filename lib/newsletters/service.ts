import "server-only";
import { toNewsletterDto, type NewsletterDto } from "./dto";
import { findCategoriesOfNewsletters, type NewsletterRow } from "./repo";

/** Maps a page of rows to the contract's shape, fetching all their categories in one query. */
export async function describeNewsletters(rows: NewsletterRow[]): Promise<NewsletterDto[]> {
  const categories = await findCategoriesOfNewsletters(rows.map((row) => row.id));
  return rows.map((row) => toNewsletterDto(row, categories.get(row.id) ?? []));
}
