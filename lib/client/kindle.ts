import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { KindleDto, KindleSendDto } from "@/lib/kindle/service";
import { kindleKeys } from "@/lib/client/kindle-send";

export type Kindle = KindleDto;
export type KindleSend = KindleSendDto;

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
