import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { DigestFrequency, DigestSchedule } from "@/lib/digest/schedule";
import type { DigestSendDto, DigestSettingsDto } from "@/lib/digest/service";

export type { DigestFrequency, DigestSchedule };
export type DigestSettings = DigestSettingsDto;
export type DigestSend = DigestSendDto;

const digestKeys = { all: ["digest"] as const };

const digestQuery = () =>
  queryOptions({
    queryKey: digestKeys.all,
    queryFn: ({ signal }) => apiFetch<DigestSettings>("/api/users/me/digest", { signal }),
  });

export const useDigestSettings = () => useQuery(digestQuery());

export function useSaveDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DigestSchedule) => apiFetch<DigestSettings>("/api/users/me/digest", { method: "PUT", body: input }),
    onSuccess: (saved) => queryClient.setQueryData(digestKeys.all, saved),
  });
}

export const useSendDigestNow = () =>
  useMutation({ mutationFn: () => apiFetch<DigestSend>("/api/users/me/digest/send", { method: "POST" }) });
