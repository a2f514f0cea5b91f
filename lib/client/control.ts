import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { controlKeys, emailKeys, subscriptionKeys } from "@/lib/client/query-keys";
import type { Subscription } from "@/lib/client/subscriptions";
import type { BlockedSenderDto } from "@/lib/control/service";

export type BlockedSender = BlockedSenderDto;

const blockedSendersQuery = () =>
  queryOptions({
    queryKey: controlKeys.blocked,
    queryFn: ({ signal }) => apiFetch<{ items: BlockedSender[] }>("/api/users/me/blocked-senders", { signal }),
    select: (data) => data.items,
  });

export const useBlockedSenders = () => useQuery(blockedSendersQuery());

/** Blocking or unblocking changes what the delivery log will say of the next message. */
export function useAfterBlockChange() {
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

export function useUnblockSender() {
  const refresh = useAfterBlockChange();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/users/me/blocked-senders/${id}`, { method: "DELETE" }),
    onSettled: refresh,
  });
}

/** Muting keeps the subscription's other fields; the feed is asked again without (or with) its mail. */
export function useMuteNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ newsletterId, muted }: { newsletterId: number; muted: boolean }) =>
      apiFetch<Subscription>(`/api/newsletters/${newsletterId}/mute`, { method: "PUT", body: { muted } }),
    onSuccess: () => Promise.all([subscriptionKeys.all, emailKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
