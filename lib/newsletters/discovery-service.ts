import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { currentChangeStamp } from "./change-stamp";
import {
  categoryExists,
  findCategoryNewsletters,
  findCoFollowedNewsletters,
  findFeaturedNewsletters,
  findMostFollowedNewsletters,
  findMostFollowedNew,
  findNewslettersForTaste,
  findPublicNewsletter,
  findPublicNewslettersByIds,
  findTrendingNewsletterIds,
  findVisibleNewsletter,
} from "./discovery-repo";
import { rankedIds } from "./ranking-cache";
import { toCategoryDto } from "./dto";
import { findCategoriesWithCounts, findPopularNewsletters, type NewsletterRow } from "./repo";
import { findNameWords, searchNewsletters } from "./search-repo";
import { describeNewsletters } from "./service";
import { StampedCache } from "./stamped-cache";

const LIST_LIMIT = 20;
const FEATURED_LIMIT = 50;
const CATEGORY_LIMIT = 100;
const POPULAR_LIMIT = 12;

// Discovery answers are the same for everyone (recommendations: for one reader) until what they
// show changes, so each is serialized once per change stamp. Only public newsletters go into the
// shared ones; a private newsletter is answered afresh to the reader who received it.
const lists = new StampedCache<string>(200);
const categoryLists = new StampedCache<string | null>(200);
const searches = new StampedCache<string>(500);
// The words of public names and publishers, which a typo is checked against: one list for every search.
const nameWords = new StampedCache<string[]>(1);
const recommendations = new StampedCache<string>(500);
const publicNewsletters = new StampedCache<string | null>(2000);

async function listJson(rows: NewsletterRow[]): Promise<string> {
  return JSON.stringify({ items: await describeNewsletters(rows) });
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

/** The Newsletter JSON of a public newsletter, or null when it is missing or private. */
export async function publicNewsletterJson(newsletterId: number, stamp: number): Promise<string | null> {
  return publicNewsletters.get(String(newsletterId), stamp, async () => {
    const row = await findPublicNewsletter(newsletterId);
    return row ? JSON.stringify((await describeNewsletters([row]))[0]) : null;
  });
}

/** A public newsletter, or a private one whose mail reached this user. */
export async function newsletterJson(userId: number, newsletterId: number): Promise<string> {
  const shared = await publicNewsletterJson(newsletterId, await currentChangeStamp());
  if (shared !== null) return shared;
  const row = await findVisibleNewsletter(userId, newsletterId);
  if (!row) throw new NotFoundError("Newsletter not found");
  return JSON.stringify((await describeNewsletters([row]))[0]);
}

/** Whether this user may see the newsletter: a public one, or a private one whose mail reached them. */
export async function canSeeNewsletter(userId: number, newsletterId: number): Promise<boolean> {
  return (await findVisibleNewsletter(userId, newsletterId)) !== undefined;
}

/** Onboarding step 3: the most followed public newsletters. */
export async function popularNewslettersJson(): Promise<string> {
  return lists.get("popular", await currentChangeStamp(), async () => listJson(await findPopularNewsletters(POPULAR_LIMIT)));
}

/** Every category with its number of public newsletters. */
export async function categoriesJson(): Promise<string> {
  return lists.get("categories", await currentChangeStamp(), async () =>
    JSON.stringify({ items: (await findCategoriesWithCounts()).map(toCategoryDto) }),
  );
}

export async function featuredNewslettersJson(): Promise<string> {
  return lists.get("featured", await currentChangeStamp(), async () => listJson(await findFeaturedNewsletters(FEATURED_LIMIT)));
}

/** The week's most active public newsletters, topped up with the most followed when the week was quiet. */
export async function trendingNewslettersJson(): Promise<string> {
  const [stamp, ranked] = await Promise.all([currentChangeStamp(), rankedIds("newsletters", () => findTrendingNewsletterIds(LIST_LIMIT))]);
  return lists.get(`trending:${ranked.join(",")}`, stamp, async () =>
    listJson(await fillFrom([() => findPublicNewslettersByIds(ranked), (limit, chosen) => findMostFollowedNewsletters(limit, chosen)])),
  );
}

/**
 * What this reader does not have yet and Featured does not show: newsletters co-followed by those who follow
 * what they follow, then those of the categories they like, follow and read, then the most followed; the
 * featured ones only to fill what is left.
 */
export async function recommendedNewslettersJson(userId: number): Promise<string> {
  return recommendations.get(String(userId), await currentChangeStamp(), async () =>
    listJson(
      await fillFrom([
        (limit) => findCoFollowedNewsletters(userId, limit),
        (limit, chosen) => findNewslettersForTaste(userId, limit, chosen),
        (limit, chosen) => findMostFollowedNew(userId, limit, chosen),
        (limit, chosen) => findMostFollowedNew(userId, limit, chosen, true),
      ]),
    ),
  );
}

export async function categoryNewslettersJson(categoryId: number): Promise<string> {
  const json = await categoryLists.get(String(categoryId), await currentChangeStamp(), async () =>
    (await categoryExists(categoryId)) ? listJson(await findCategoryNewsletters(categoryId, CATEGORY_LIMIT)) : null,
  );
  if (json === null) throw new NotFoundError("Category not found");
  return json;
}

export async function searchPublicNewslettersJson(term: string): Promise<string> {
  const trimmed = term.trim();
  if (trimmed === "") return JSON.stringify({ items: [] });
  const stamp = await currentChangeStamp();
  return searches.get(trimmed, stamp, async () =>
    listJson(await searchNewsletters(trimmed, LIST_LIMIT, await nameWords.get("all", stamp, findNameWords))),
  );
}
