import { queryOptions, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { IssueSummary, Newsletter } from "@/lib/newsletters/hooks";

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
 * Subscribing marks every issue of the newsletter as subscribed (SPEC.md section 4), so every
 * cached email (feed, issue pages, activity lists, all under "emails") is refetched too.
 */
async function afterSubscriptionChange(queryClient: QueryClient) {
  await Promise.all([subscriptionKeys.all, activityKeys.emails].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
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

export type Issue = Omit<IssueSummary, "body_html" | "body_plain">;
export type MyComment = { id: number; issue_id: number; email_id: number; content: string; created_at: string; owner: { username: string } };
type Paged<T> = Items<T> & { total_items: number };

/**
 * The activity lists sit under the feed's "emails" root, so a like or favourite made anywhere
 * (feed, issue page, these cards) reaches every cached copy of the issue.
 */
export const activityKeys = {
  emails: ["emails"] as const,
  favorited: () => [...activityKeys.emails, "activity", "favorited"] as const,
  liked: () => [...activityKeys.emails, "activity", "liked"] as const,
  issue: (emailId: number) => [...activityKeys.emails, "detail", emailId] as const,
  comments: () => ["comments", "mine"] as const,
};

/** The first 100 of a paged list; the panel counts all of them through total_items. */
const ACTIVITY_PAGE = "?page=1&page_size=100";

export const favoritedQuery = () =>
  queryOptions({ queryKey: activityKeys.favorited(), queryFn: ({ signal }) => apiFetch<Paged<Issue>>(`/api/issues/favorited${ACTIVITY_PAGE}`, { signal }) });
export const likedQuery = () =>
  queryOptions({ queryKey: activityKeys.liked(), queryFn: ({ signal }) => apiFetch<Paged<Issue>>(`/api/issues/liked${ACTIVITY_PAGE}`, { signal }) });
export const myCommentsQuery = () =>
  queryOptions({ queryKey: activityKeys.comments(), queryFn: ({ signal }) => apiFetch<Items<MyComment>>("/api/users/me/comments", { signal }), select: (data) => data.items });
export const issueQuery = (emailId: number) =>
  queryOptions({ queryKey: activityKeys.issue(emailId), queryFn: ({ signal }) => apiFetch<Issue>(`/api/issues/${emailId}`, { signal }) });

export const useFavorited = () => useQuery(favoritedQuery());
export const useLiked = () => useQuery(likedQuery());
export const useMyComments = () => useQuery(myCommentsQuery());

/** The issues of a folder, one call each (the folder answer holds only their ids). */
export function useIssues(emailIds: number[]) {
  return useQueries({
    queries: emailIds.map((emailId) => issueQuery(emailId)),
    combine: (results) => ({
      isPending: results.some((result) => result.isPending),
      issues: results.flatMap((result) => (result.data ? [result.data] : [])),
      failed: results.filter((result) => result.isError).length,
    }),
  });
}

type Interaction = { is_liked: boolean } | { is_favorited: boolean };

function patchIssues(queryClient: QueryClient, emailId: number, patch: Partial<Issue>) {
  queryClient.setQueriesData({ queryKey: activityKeys.emails }, (data: unknown) => {
    const apply = (item: unknown) => (isIssue(item) && item.id === emailId ? { ...item, ...patch } : item);
    if (isIssue(data)) return apply(data);
    if (typeof data === "object" && data !== null && "items" in data && Array.isArray(data.items)) return { ...data, items: data.items.map(apply) };
    return data;
  });
}

function isIssue(value: unknown): value is Issue {
  return typeof value === "object" && value !== null && "id" in value && "is_liked" in value;
}

/** Like and favourite show at once and are undone if the call fails (SPEC.md section 4). */
export function useIssueInteraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ emailId, change }: { emailId: number; change: Interaction }) => apiFetch<Issue>(`/api/issues/${emailId}/interactions`, { method: "PUT", body: change }),
    onMutate: async ({ emailId, change }) => {
      await queryClient.cancelQueries({ queryKey: activityKeys.emails });
      const snapshot = queryClient.getQueriesData({ queryKey: activityKeys.emails });
      patchIssues(queryClient, emailId, change);
      return () => snapshot.forEach(([key, data]) => queryClient.setQueryData(key, data));
    },
    onError: (_error, _vars, undo) => undo?.(),
    onSuccess: (answer) => patchIssues(queryClient, answer.id, answer),
  });
}
