import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { controlKeys, emailKeys } from "@/lib/client/query-keys";
import type { ScreenedSenderDto, ScreenerDto } from "@/lib/screener/service";

export type Screener = ScreenerDto;
export type ScreenedSender = ScreenedSenderDto;

const screenerKeys = {
  all: ["screener"] as const,
  settings: () => [...screenerKeys.all, "settings"] as const,
  senders: () => [...screenerKeys.all, "senders"] as const,
};

const screenerQuery = () =>
  queryOptions({
    queryKey: screenerKeys.settings(),
    queryFn: ({ signal }) => apiFetch<Screener>("/api/users/me/screener", { signal }),
  });

export const useScreener = () => useQuery(screenerQuery());

export const useScreenedSenders = () =>
  useQuery({
    queryKey: screenerKeys.senders(),
    queryFn: ({ signal }) => apiFetch<{ items: ScreenedSender[] }>("/api/users/me/screener/senders", { signal }),
    select: (data) => data.items,
  });

export function useSetScreener() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => apiFetch<Screener>("/api/users/me/screener", { method: "PUT", body: { enabled } }),
    onSuccess: (data) => queryClient.setQueryData(screenerKeys.settings(), data),
  });
}

/** Allowing files the held mail (the feed changes); denying blocks the sender (the blocked list changes). */
export function useDecideSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sender, decision }: { sender: string; decision: "allow" | "deny" }) =>
      apiFetch<{ sender: string; status: string }>(`/api/users/me/screener/${decision}`, { method: "POST", body: { sender } }),
    onSettled: () =>
      Promise.all(
        [screenerKeys.all, emailKeys.all, controlKeys.blocked, controlKeys.deliveries].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
