import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { FeedImportDto } from "@/lib/feeds-in/opml-import";
import type { FeedSubscriptionDto } from "@/lib/feeds-in/service";

export type FollowedFeed = FeedSubscriptionDto;
export type FeedImport = FeedImportDto;

const followedKeys = {
  all: ["followed-feeds"] as const,
  list: () => [...followedKeys.all, "list"] as const,
  imports: () => [...followedKeys.all, "imports"] as const,
};

// While an OPML import runs, its count is asked again this often.
const IMPORT_POLL_MS = 2_000;
// After "Refresh", the list is asked again until the fetch shows.
const REFRESH_POLL_MS = 1_500;

const followedQuery = () =>
  queryOptions({
    queryKey: followedKeys.list(),
    queryFn: ({ signal }) => apiFetch<{ items: FollowedFeed[] }>("/api/users/me/feed-subscriptions", { signal }),
    select: (data) => data.items,
  });

/** The feeds the reader follows; `watching` asks again every 1.5 s (a refresh under way). */
export const useFollowedFeeds = (watching = false) => useQuery({ ...followedQuery(), refetchInterval: watching ? REFRESH_POLL_MS : false });

/** The reader's latest OPML imports, asked again while one runs (and the list of feeds with it). */
export function useFeedImports() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: followedKeys.imports(),
    queryFn: async ({ signal }) => {
      const data = await apiFetch<{ items: FeedImport[] }>("/api/users/me/feed-subscriptions/opml", { signal });
      if (data.items.some((item) => item.status === "running")) void queryClient.invalidateQueries({ queryKey: followedKeys.list() });
      return data.items;
    },
    refetchInterval: (query) => (query.state.data?.some((item) => item.status === "running") ? IMPORT_POLL_MS : false),
  });
}

function useRefreshFollowed() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: followedKeys.all });
}

/** The server fetches the URL before it keeps anything: a 422 says why no feed was found, a 409 that it is followed already. */
export function useFollowFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => apiFetch<FollowedFeed>("/api/users/me/feed-subscriptions", { method: "POST", body: { url } }),
    // Its archive is in the feed now.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useRefreshFeed() {
  const refresh = useRefreshFollowed();
  return useMutation({
    mutationFn: (id: number) => apiFetch<FollowedFeed>(`/api/users/me/feed-subscriptions/${id}/refresh`, { method: "POST" }),
    onSuccess: refresh,
  });
}

export function useUnfollowFeed() {
  const refresh = useRefreshFollowed();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/users/me/feed-subscriptions/${id}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}

export function useImportOpml() {
  const refresh = useRefreshFollowed();
  return useMutation({
    mutationFn: (file: File) =>
      apiFetch<FeedImport>("/api/users/me/feed-subscriptions/opml", {
        method: "POST",
        file: { data: file, type: file.type || "text/x-opml" },
      }),
    onSuccess: refresh,
  });
}
