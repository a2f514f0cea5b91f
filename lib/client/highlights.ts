import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { highlightKeys, issueHighlightsQuery, type Highlight, type HighlightColor, type MyHighlightsQuery } from "./issue-highlights";

export type { Highlight, HighlightColor } from "./issue-highlights";

/** The colours a reader picks from, in the order offered, the default first (db/schema/highlights.ts keeps the same). */
export const HIGHLIGHT_COLORS_IN_ORDER: readonly HighlightColor[] = ["yellow", "green", "blue", "pink"];

export type ListedHighlight = Highlight & { subject: string | null; newsletter_name: string };

type HighlightPage = { items: ListedHighlight[]; total_items: number; total_pages: number; current_page: number; page_size: number };

export type NewHighlight = { quote: string; prefix: string; suffix: string; note?: string | null; color?: HighlightColor };

const PAGE_SIZE = 20;

const myHighlightsQuery = (query: MyHighlightsQuery) =>
  queryOptions({
    queryKey: highlightKeys.mine(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(query.page), page_size: String(PAGE_SIZE) });
      if (query.search.trim()) params.set("search", query.search.trim());
      return apiFetch<HighlightPage>(`/api/users/me/highlights?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export const useMyHighlights = (query: MyHighlightsQuery) => useQuery(myHighlightsQuery(query));

/** Each change lands in the issue's list at once (reading order is the server's), then every list is fetched anew. */
function useIssueListChange(emailId: number) {
  const queryClient = useQueryClient();
  return (change: (items: Highlight[]) => Highlight[]) => {
    queryClient.setQueryData(issueHighlightsQuery(emailId).queryKey, (data) => (data ? { items: change(data.items) } : data));
    return queryClient.invalidateQueries({ queryKey: highlightKeys.all });
  };
}

export function useAddHighlight(emailId: number) {
  const changeList = useIssueListChange(emailId);
  return useMutation({
    mutationFn: (input: NewHighlight) => apiFetch<Highlight>(`/api/issues/${emailId}/highlights`, { method: "POST", body: input }),
    onSuccess: (created) => changeList((items) => [...items, created]),
  });
}

export function useUpdateHighlight(emailId: number) {
  const changeList = useIssueListChange(emailId);
  return useMutation({
    mutationFn: ({ id, ...change }: { id: number; note?: string | null; color?: HighlightColor }) =>
      apiFetch<Highlight>(`/api/highlights/${id}`, { method: "PATCH", body: change }),
    onSuccess: (updated) => changeList((items) => items.map((item) => (item.id === updated.id ? updated : item))),
  });
}

export function useDeleteHighlight(emailId: number) {
  const changeList = useIssueListChange(emailId);
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/highlights/${id}`, { method: "DELETE" }),
    onSuccess: (_, id) => changeList((items) => items.filter((item) => item.id !== id)),
  });
}
