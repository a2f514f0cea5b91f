import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api/client";
import { recentIssuesQuery, type PagedList } from "@/lib/client/issues";
import { controlKeys, emailKeys, subscriptionKeys } from "@/lib/client/query-keys";
import type { Subscription } from "@/lib/client/subscriptions";

import type { BlockedSenderDto, DeliveryDto } from "@/lib/control/service";

export type BlockedSender = BlockedSenderDto;
// The filter's choices, as db/schema/delivery.ts lists them (client code does not import the schema).
export const DELIVERY_OUTCOMES = [
  "filed",
  "duplicate",
  "blocked",
  "muted",
  "confirmation",
  "screened",
  "passed_through",
  "looped",
  "pending",
  "failed",
] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];
export type Delivery = DeliveryDto;

const blockedSendersQuery = () =>
  queryOptions({
    queryKey: controlKeys.blocked,
    queryFn: ({ signal }) => apiFetch<{ items: BlockedSender[] }>("/api/users/me/blocked-senders", { signal }),
    select: (data) => data.items,
  });

export const useBlockedSenders = () => useQuery(blockedSendersQuery());

/** Blocking or unblocking changes what the delivery log will say of the next message. */
function useAfterBlockChange() {
  const queryClient = useQueryClient();
  return () => Promise.all([controlKeys.blocked, controlKeys.deliveries].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useBlockSender() {
  const refresh = useAfterBlockChange();
  return useMutation({
    mutationFn: (sender: string) => apiFetch<BlockedSender>("/api/users/me/blocked-senders", { method: "POST", body: { sender } }),
    onSettled: refresh,
  });
}

/**
 * Blocks the address a newsletter's mail comes from, read from its latest issue: the offer shown for a
 * sender that kept sending after the reader unsubscribed. Blocked already counts as done.
 */
export function useBlockNewsletterSender() {
  const queryClient = useQueryClient();
  const refresh = useAfterBlockChange();
  return useMutation({
    mutationFn: async (newsletterId: number) => {
      const { items } = await queryClient.fetchQuery(recentIssuesQuery(newsletterId));
      const sender = items.find((item) => item.sender_email)?.sender_email?.toLowerCase();
      if (!sender) throw new ApiError(404, "No sender address to block.");
      try {
        await apiFetch<BlockedSender>("/api/users/me/blocked-senders", { method: "POST", body: { sender } });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
      }
      return sender;
    },
    onSettled: refresh,
  });
}

export function useUnblockSender() {
  const refresh = useAfterBlockChange();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/users/me/blocked-senders/${id}`, { method: "DELETE" }),
    onSettled: refresh,
  });
}

const deliveriesQuery = (page: number, outcome: DeliveryOutcome | null) =>
  queryOptions({
    queryKey: [...controlKeys.deliveries, page, outcome] as const,
    queryFn: ({ signal }) =>
      apiFetch<PagedList<Delivery>>(`/api/users/me/deliveries?page=${page}&page_size=20${outcome ? `&outcome=${outcome}` : ""}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useDeliveries = (page: number, outcome: DeliveryOutcome | null) => useQuery(deliveriesQuery(page, outcome));

/** Muting keeps the subscription's other fields; the feed is asked again without (or with) its mail. */
export function useMuteNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ newsletterId, muted }: { newsletterId: number; muted: boolean }) =>
      apiFetch<Subscription>(`/api/newsletters/${newsletterId}/mute`, { method: "PUT", body: { muted } }),
    onSuccess: () => Promise.all([subscriptionKeys.all, emailKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
