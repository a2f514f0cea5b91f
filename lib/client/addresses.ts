import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { AddressDto } from "@/lib/addresses/dto";

export type ExtraAddress = AddressDto;
export type NewAddress = { label?: string; local_part?: string };
export type AddressChange = { label?: string | null; enabled?: boolean };

const addressKeys = {
  all: ["addresses"] as const,
  list: () => [...addressKeys.all, "list"] as const,
};

const addressesQuery = () =>
  queryOptions({
    queryKey: addressKeys.list(),
    queryFn: ({ signal }) => apiFetch<{ items: ExtraAddress[] }>("/api/users/me/addresses", { signal }),
    select: (data) => data.items,
  });

export const useAddresses = () => useQuery(addressesQuery());

function useRefreshAddresses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: addressKeys.all });
}

export function useCreateAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: (input: NewAddress) => apiFetch<ExtraAddress>("/api/users/me/addresses", { method: "POST", body: input }),
    onSettled: refresh,
  });
}

/** The answer is the address as it now is, so the list shows it at once, before it is asked again. */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: AddressChange }) =>
      apiFetch<ExtraAddress>(`/api/users/me/addresses/${id}`, { method: "PATCH", body: change }),
    onSuccess: (updated) =>
      queryClient.setQueryData<{ items: ExtraAddress[] }>(addressKeys.list(), (list) =>
        list ? { items: list.items.map((item) => (item.id === updated.id ? updated : item)) } : list,
      ),
    onSettled: refresh,
  });
}

export function useDeleteAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/users/me/addresses/${id}`, { method: "DELETE" }),
    onSettled: refresh,
  });
}
