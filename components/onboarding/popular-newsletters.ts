import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";

/** The fields of docs/contract.md's Newsletter that onboarding shows. */
export type PopularNewsletter = {
  id: number;
  name: string;
  publisher: string | null;
  description: string | null;
  logoUrl: string | null;
  total_subscribers: number | null;
  sending_frequency: string | null;
  categories: { id: number; name: string; emoji: string }[];
};

// Under lib/newsletters' `newsletterKeys.all`, so invalidating every newsletter list reaches it too.
const popularNewslettersQuery = () =>
  queryOptions({
    queryKey: ["newsletters", "popular"] as const,
    queryFn: ({ signal }) => apiFetch<{ items: PopularNewsletter[] }>("/api/newsletters/popular", { signal }),
    select: (data) => data.items ?? [],
  });

export function usePopularNewsletters() {
  return useQuery(popularNewslettersQuery());
}
