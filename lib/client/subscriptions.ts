import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api/client";
import { patchCachedEmails } from "@/lib/client/issues";
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
