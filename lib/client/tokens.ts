import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { TokenScope } from "@/lib/tokens/schemas";
import type { AccessTokenDto, NewAccessTokenDto } from "@/lib/tokens/service";

export type { TokenScope };
export type AccessToken = AccessTokenDto;
export type NewAccessToken = NewAccessTokenDto;

const tokenKeys = { all: ["access-tokens"] as const };

const tokensQuery = () =>
  queryOptions({
    queryKey: tokenKeys.all,
    queryFn: ({ signal }) => apiFetch<{ items: AccessToken[] }>("/api/users/me/tokens", { signal }),
    select: (data) => data.items,
  });

export const useTokens = () => useQuery(tokensQuery());

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scope: TokenScope }) =>
      apiFetch<NewAccessToken>("/api/users/me/tokens", { method: "POST", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/users/me/tokens/${id}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
