import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { newsletterKeys } from "@/lib/client/query-keys";
import type { EmailDto } from "@/lib/issues/dto";
import type { CategoryDto, NewsletterDto } from "@/lib/newsletters/dto";

export type Newsletter = NewsletterDto;
export type Category = CategoryDto;
export type IssueSummary = EmailDto;

type Items<T> = { items: T[] };

/** docs/spec.md section 5: featured, recommended and trending issues are fresh for an hour. */
const DISCOVERY_STALE_TIME = 60 * 60 * 1000;

const itemsOf = <T>(data: Items<T>) => data.items;

/** A list fresh for `staleTime` is also kept that long unused, so leaving the page does not fetch it again. */
function listQuery<T>(queryKey: readonly unknown[], path: string, staleTime?: number) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiFetch<Items<T>>(path, { signal }),
    select: itemsOf<T>,
    staleTime,
    ...(staleTime === undefined ? {} : { gcTime: staleTime }),
  });
}

const featuredNewslettersQuery = () => listQuery<Newsletter>(newsletterKeys.featured(), "/api/newsletters/featured", DISCOVERY_STALE_TIME);
const recommendedNewslettersQuery = () =>
  listQuery<Newsletter>(newsletterKeys.recommended(), "/api/newsletters/recommended", DISCOVERY_STALE_TIME);
const trendingIssuesQuery = () => listQuery<IssueSummary>(newsletterKeys.trendingIssues(), "/api/issues/trending", DISCOVERY_STALE_TIME);
const categoriesQuery = () => listQuery<Category>(newsletterKeys.categories(), "/api/newsletters/categories", DISCOVERY_STALE_TIME);
const categoryNewslettersQuery = (categoryId: number) =>
  listQuery<Newsletter>(newsletterKeys.category(categoryId), `/api/newsletters/category/${categoryId}`, DISCOVERY_STALE_TIME);
const searchNewslettersQuery = (term: string) =>
  listQuery<Newsletter>(newsletterKeys.search(term), `/api/newsletters/search?q=${encodeURIComponent(term)}`);

export const newsletterQuery = (newsletterId: number) =>
  queryOptions({
    queryKey: newsletterKeys.detail(newsletterId),
    queryFn: ({ signal }) => apiFetch<Newsletter>(`/api/newsletters/${newsletterId}`, { signal }),
  });

export const useFeaturedNewsletters = () => useQuery(featuredNewslettersQuery());
export const useRecommendedNewsletters = () => useQuery(recommendedNewslettersQuery());
export const useTrendingIssues = () => useQuery(trendingIssuesQuery());
export const useCategories = () => useQuery(categoriesQuery());
export const useCategoryNewsletters = (categoryId: number) => useQuery(categoryNewslettersQuery(categoryId));
export const useNewsletter = (newsletterId: number) => useQuery(newsletterQuery(newsletterId));

/** A blank term makes no call (docs/spec.md section 5); the caller shows the sections instead. */
export function useNewsletterSearch(term: string) {
  return useQuery({ ...searchNewslettersQuery(term), enabled: term !== "" });
}
