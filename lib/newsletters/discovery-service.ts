import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import {
  categoryExists,
  findCategoryNewsletters,
  findCoFollowedNewsletters,
  findFeaturedNewsletters,
  findMostFollowedNewsletters,
  findMostFollowedUnfollowed,
  findNewslettersInFollowedCategories,
  findPublicNewslettersByIds,
  findTrendingNewsletterIds,
  findVisibleNewsletter,
} from "./discovery-repo";
import type { NewsletterDto } from "./dto";
import { rankedIds } from "./ranking-cache";
import type { NewsletterRow } from "./repo";
import { searchNewsletters } from "./search-repo";
import { describeNewsletters } from "./service";

const LIST_LIMIT = 20;
const FEATURED_LIMIT = 50;
const CATEGORY_LIMIT = 100;

type NewsletterList = { items: NewsletterDto[] };

async function list(rows: NewsletterRow[]): Promise<NewsletterList> {
  return { items: await describeNewsletters(rows) };
}

/** Fills the list from each source in turn, each one leaving out what the earlier ones chose. */
async function fillFrom(sources: ((limit: number, chosen: number[]) => Promise<NewsletterRow[]>)[]): Promise<NewsletterRow[]> {
  const rows: NewsletterRow[] = [];
  for (const source of sources) {
    if (rows.length >= LIST_LIMIT) break;
    const chosen = rows.map((row) => row.id);
    const found = await source(LIST_LIMIT - rows.length, chosen);
    rows.push(...found.filter((row) => !chosen.includes(row.id)));
  }
  return rows.slice(0, LIST_LIMIT);
}

export async function getNewsletter(userId: number, newsletterId: number): Promise<NewsletterDto> {
  const row = await findVisibleNewsletter(userId, newsletterId);
  if (!row) throw new NotFoundError("Newsletter not found");
  const [described] = await describeNewsletters([row]);
  return described!;
}

export async function listFeaturedNewsletters(): Promise<NewsletterList> {
  return list(await findFeaturedNewsletters(FEATURED_LIMIT));
}

/** The week's most active public newsletters, topped up with the most followed when the week was quiet. */
export async function listTrendingNewsletters(): Promise<NewsletterList> {
  const trending = async () => findPublicNewslettersByIds(await rankedIds("newsletters", () => findTrendingNewsletterIds(LIST_LIMIT)));
  return list(await fillFrom([trending, (limit, chosen) => findMostFollowedNewsletters(limit, chosen)]));
}

/** Co-followed newsletters, then the most followed in the categories the user follows, then the most followed; never one they follow. */
export async function listRecommendedNewsletters(userId: number): Promise<NewsletterList> {
  return list(
    await fillFrom([
      (limit) => findCoFollowedNewsletters(userId, limit),
      (limit, chosen) => findNewslettersInFollowedCategories(userId, limit, chosen),
      (limit, chosen) => findMostFollowedUnfollowed(userId, limit, chosen),
    ]),
  );
}

export async function listCategoryNewsletters(categoryId: number): Promise<NewsletterList> {
  if (!(await categoryExists(categoryId))) throw new NotFoundError("Category not found");
  return list(await findCategoryNewsletters(categoryId, CATEGORY_LIMIT));
}

export async function searchPublicNewsletters(term: string): Promise<NewsletterList> {
  if (term.trim() === "") return { items: [] };
  return list(await searchNewsletters(term.trim(), LIST_LIMIT));
}
