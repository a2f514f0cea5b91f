import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiFetch } from "@/lib/api/client";
import type { Comment } from "@/lib/client/comments";
import type { Email, PagedList } from "@/lib/client/issues";
import { commentKeys, emailKeys } from "@/lib/client/query-keys";

// The Subscriptions page's activity panels, apart from lib/client/subscriptions.ts, which every signed-in page loads
// (issue 41's budget).

type Items<T> = { items: T[] };

/**
 * The activity lists sit under the feed's roots, so a like, favourite or comment made anywhere
 * (feed, issue page, these cards) reaches them too.
 */
const activityKeys = {
  favorited: () => [...emailKeys.all, "activity", "favorited"] as const,
  liked: () => [...emailKeys.all, "activity", "liked"] as const,
  comments: () => [...commentKeys.all, "mine"] as const,
};

/** The first 100 of a paged list; the panel counts all of them through total_items. */
const ACTIVITY_PAGE = "?page=1&page_size=100";

/** A like in one list must show in the other as soon as the reader switches to it. */
const ALWAYS_STALE = 0;

const favoritedQuery = () =>
  queryOptions({
    queryKey: activityKeys.favorited(),
    queryFn: ({ signal }) => apiFetch<PagedList<Email>>(`/api/issues/favorited${ACTIVITY_PAGE}`, { signal }),
    staleTime: ALWAYS_STALE,
  });
const likedQuery = () =>
  queryOptions({
    queryKey: activityKeys.liked(),
    queryFn: ({ signal }) => apiFetch<PagedList<Email>>(`/api/issues/liked${ACTIVITY_PAGE}`, { signal }),
    staleTime: ALWAYS_STALE,
  });
const myCommentsQuery = () =>
  queryOptions({
    queryKey: activityKeys.comments(),
    queryFn: ({ signal }) => apiFetch<Items<Comment>>("/api/users/me/comments", { signal }),
    select: (data) => data.items,
    staleTime: ALWAYS_STALE,
  });
export const useFavorited = () => useQuery(favoritedQuery());
export const useLiked = () => useQuery(likedQuery());
export const useMyComments = () => useQuery(myCommentsQuery());

/**
 * The feed's like, favourite and folder calls do not know about these lists; while the page is
 * open, any call that lands refreshes them, so the panel's counts follow the cards.
 */
export function useActivityFollowsChanges() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "success") return;
        for (const queryKey of [activityKeys.favorited(), activityKeys.liked()]) void queryClient.invalidateQueries({ queryKey });
      }),
    [queryClient],
  );
}
