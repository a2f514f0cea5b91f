import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";

import type { FeedLink, FeedList } from "@/lib/feeds/service";

export type { FeedLink, FeedList };

const feedKeys = {
  all: ["feeds"] as const,
  list: () => [...feedKeys.all, "list"] as const,
};

const feedsQuery = () =>
  queryOptions({
    queryKey: feedKeys.list(),
    queryFn: ({ signal }) => apiFetch<FeedList>("/api/users/me/feeds", { signal }),
  });

export const useFeeds = (enabled = true) => useQuery({ ...feedsQuery(), enabled });

/** A new feed token: the answer is the new list, so it replaces the cached one at once. */
export function useRotateFeeds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<FeedList>("/api/users/me/feeds/rotate", { method: "POST" }),
    onSuccess: (list) => queryClient.setQueryData(feedKeys.list(), list),
  });
}
