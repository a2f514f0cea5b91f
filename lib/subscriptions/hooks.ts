import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { Newsletter } from "@/lib/newsletters/hooks";

export type Subscription = {
  id: number;
  newsletterId: number;
  newsletter_metadata: Newsletter;
  subscribed_at: string | null;
  unsubscribed_at: string | null;
  status: "active" | "inactive";
};

export type Folder = { id: number; name: string; emails: number[]; email_count: number };

type Items<T> = { items: T[] };

export const subscriptionKeys = {
  all: ["subscriptions"] as const,
  list: () => [...subscriptionKeys.all, "list"] as const,
};

export const folderKeys = {
  all: ["folders"] as const,
  list: () => [...folderKeys.all, "list"] as const,
};

/**
 * Subscribing marks every issue of the newsletter as subscribed (SPEC.md section 4), so the
 * feed's and issue pages' cached emails are stale too; they live under these roots.
 */
const EMAIL_ROOTS = [["emails"], ["issues"], ["activity"]] as const;

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

async function afterSubscriptionChange(queryClient: QueryClient) {
  await Promise.all([subscriptionKeys.all, ...EMAIL_ROOTS].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newsletterId: number) =>
      apiFetch<{ newsletter_id: number; subscription: Subscription }>("/api/newsletters/subscribe", { method: "POST", body: { newsletter_metadata_id: newsletterId } }),
    onSuccess: () => afterSubscriptionChange(queryClient),
  });
}

export function useSetSubscriptionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ newsletterId, status }: { newsletterId: number; status: Subscription["status"] }) =>
      apiFetch<Subscription>(`/api/newsletters/${newsletterId}/subscription`, { method: "PUT", body: { status } }),
    onSuccess: () => afterSubscriptionChange(queryClient),
  });
}

export const foldersQuery = () =>
  queryOptions({
    queryKey: folderKeys.list(),
    queryFn: ({ signal }) => apiFetch<Items<Folder>>("/api/users/me/folders", { signal }),
    select: (data) => data.items,
  });

export const useFolders = () => useQuery(foldersQuery());

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
