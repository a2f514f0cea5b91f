import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, apiFetch } from "@/lib/api/client";
import { commentKeys, type Comment } from "@/lib/client/comments";
import { folderKeys, type Folder } from "@/lib/client/folders";
import { patchCachedEmails, type Email, type PagedList } from "@/lib/client/issues";
import { emailKeys, subscriptionKeys } from "@/lib/client/query-keys";
import type { SubscriptionDto } from "@/lib/subscriptions/service";
import type { Unsubscribed } from "@/lib/subscriptions/unsubscribe";

/** A subscription with its newsletter, the ways out its mail offers, best first, and whether it is muted. */
export type Subscription = SubscriptionDto;
/** What became of an unsubscribe; `no_way_out` when the mail offered none and only Paperboy stopped following. */
export type LeaveResult = {
  method: Unsubscribed["method"] | null;
  outcome: Unsubscribed["outcome"] | "no_way_out";
  url: Unsubscribed["url"];
};

type Items<T> = { items: T[] };

export const subscriptionsQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.list(),
    queryFn: ({ signal }) => apiFetch<Items<Subscription>>("/api/users/me/subscriptions", { signal }),
    select: (data) => data.items,
  });

export const useSubscriptions = () => useQuery(subscriptionsQuery());

/** The user's subscription to one newsletter, if any. */
export function useSubscriptionTo(newsletterId: number) {
  return useQuery({ ...subscriptionsQuery(), select: (data) => data.items.find((item) => item.newsletterId === newsletterId) ?? null });
}

/**
 * Subscribing marks every issue of the newsletter as subscribed (docs/spec.md section 4): cached
 * emails change at once, then everything under emailKeys is refetched with the subscription list.
 */
async function afterSubscriptionChange(queryClient: QueryClient, newsletterId: number, status: Subscription["status"]) {
  patchCachedEmails(queryClient, (email) => email.newsletter_metadata_id === newsletterId, { is_subscribed: status === "active" });
  await Promise.all([subscriptionKeys.all, emailKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newsletterId: number) =>
      apiFetch<{ newsletter_id: number; subscription: Subscription }>("/api/newsletters/subscribe", {
        method: "POST",
        body: { newsletter_metadata_id: newsletterId },
      }),
    onSuccess: ({ newsletter_id }) => afterSubscriptionChange(queryClient, newsletter_id, "active"),
  });
}

export function useSetSubscriptionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ newsletterId, status }: { newsletterId: number; status: Subscription["status"] }) =>
      apiFetch<Subscription>(`/api/newsletters/${newsletterId}/subscription`, { method: "PUT", body: { status } }),
    onSuccess: (_answer, { newsletterId, status }) => afterSubscriptionChange(queryClient, newsletterId, status),
  });
}

/**
 * Unsubscribes for real (docs/contract.md 6.2) when the reader's mail offers a way; a newsletter that gave
 * none is only marked unsubscribed here, as before. A failed attempt leaves the subscription as it was.
 */
export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      newsletterId,
      unsubscribe_methods,
    }: Pick<Subscription, "newsletterId" | "unsubscribe_methods">): Promise<LeaveResult> => {
      if (unsubscribe_methods.length > 0) {
        try {
          const { method, outcome, url } = await apiFetch<Unsubscribed>(`/api/newsletters/${newsletterId}/unsubscribe`, { method: "POST" });
          return { method, outcome, url };
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 422)) throw error;
        }
      }
      await apiFetch<Subscription>(`/api/newsletters/${newsletterId}/subscription`, { method: "PUT", body: { status: "inactive" } });
      return { method: null, outcome: "no_way_out", url: null };
    },
    onSuccess: (result, { newsletterId }) =>
      result.outcome === "failed"
        ? queryClient.invalidateQueries({ queryKey: subscriptionKeys.all })
        : afterSubscriptionChange(queryClient, newsletterId, "inactive"),
  });
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch<Folder>("/api/users/me/folders", { method: "POST", body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: folderKeys.all }),
  });
}

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folderId: number) => apiFetch<void>(`/api/users/me/folders/${folderId}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: folderKeys.all }),
  });
}

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
