import { queryOptions, useMutation, useMutationState, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { KindleDto, KindleSendDto } from "@/lib/kindle/service";

export type Kindle = KindleDto;
export type KindleSend = KindleSendDto;

const kindleKeys = { settings: ["kindle"] as const, sends: ["kindle", "sends"] as const };

export const useKindle = () =>
  useQuery(queryOptions({ queryKey: kindleKeys.settings, queryFn: ({ signal }) => apiFetch<Kindle>("/api/users/me/kindle", { signal }) }));

/** The latest sends; asked again every few seconds while one is still on its way. */
export const useKindleSends = () =>
  useQuery({
    queryKey: kindleKeys.sends,
    queryFn: ({ signal }) => apiFetch<{ items: KindleSend[] }>("/api/users/me/kindle/sends", { signal }),
    select: (data) => data.items,
    refetchInterval: (query) => (query.state.data?.items.some((send) => send.status === "queued") ? 3000 : false),
  });

export function useSaveKindle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string | null) => apiFetch<Kindle>("/api/users/me/kindle", { method: "PUT", body: { address } }),
    onSuccess: (data) => queryClient.setQueryData(kindleKeys.settings, data),
  });
}

export function useSendKindleTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<KindleSend>("/api/users/me/kindle/test", { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kindleKeys.sends }),
  });
}

const sendKey = (emailId: number) => ["kindle", "send", emailId] as const;

/** Sends the issue; the menu entry and the key share one key, so either's outcome shows in one place (useKindleSendState). */
export function useSendToKindle(emailId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: sendKey(emailId),
    mutationFn: () => apiFetch<KindleSend>(`/api/issues/${emailId}/send-to-kindle`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kindleKeys.sends }),
  });
}

/** How the latest send of this issue went, from whichever control started it. */
export function useKindleSendState(emailId: number) {
  return useMutationState({ filters: { mutationKey: sendKey(emailId) }, select: (mutation) => mutation.state }).at(-1);
}
