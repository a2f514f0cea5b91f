import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { SavedSearchDto } from "@/lib/searches/service";

export type SavedSearch = SavedSearchDto;

const savedSearchKeys = {
  all: ["saved-searches"] as const,
  list: () => [...savedSearchKeys.all, "list"] as const,
};

const savedSearchesQuery = () =>
  queryOptions({
    queryKey: savedSearchKeys.list(),
    queryFn: ({ signal }) => apiFetch<{ items: SavedSearch[] }>("/api/users/me/saved-searches", { signal }),
  });

export const useSavedSearches = () => useQuery(savedSearchesQuery());

/** The feed a saved search opens: its query in the URL, as the feed keeps its search. */
export const savedSearchHref = (query: string) => `/feed?${new URLSearchParams({ search: query })}`;

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; query: string }) =>
      apiFetch<SavedSearch>("/api/users/me/saved-searches", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

/** Leaves the list at once and comes back if the call fails. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/users/me/saved-searches/${id}`, { method: "DELETE" }),
    onMutate: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: savedSearchKeys.all });
      const previous = queryClient.getQueryData(savedSearchesQuery().queryKey);
      queryClient.setQueryData(savedSearchesQuery().queryKey, (data) => data && { items: data.items.filter((item) => item.id !== id) });
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(savedSearchesQuery().queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
