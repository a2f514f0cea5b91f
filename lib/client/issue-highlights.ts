import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";

// Apart from lib/client/highlights.ts's changes and lists: the issue page reads this list with its first paint, the rest
// comes with the code that changes highlights (issue 41's budget).

export type HighlightColor = "yellow" | "green" | "blue" | "pink";

export type Highlight = {
  id: number;
  email_id: number;
  quote: string;
  prefix: string;
  suffix: string;
  note: string | null;
  color: HighlightColor;
  created_at: string;
  updated_at: string;
};

export type MyHighlightsQuery = { page: number; search: string };

export const highlightKeys = {
  all: ["highlights"] as const,
  issue: (emailId: number) => [...highlightKeys.all, "issue", emailId] as const,
  mine: (query: MyHighlightsQuery) => [...highlightKeys.all, "mine", query] as const,
};

export const issueHighlightsQuery = (emailId: number) =>
  queryOptions({
    queryKey: highlightKeys.issue(emailId),
    queryFn: ({ signal }) => apiFetch<{ items: Highlight[] }>(`/api/issues/${emailId}/highlights`, { signal }),
    // Another reader's issue, opened as a public one, has no highlights of this reader's: no retry on 404.
    retry: false,
  });

/** The reader's highlights of one issue, in reading order. */
export const useIssueHighlights = (emailId: number) => useQuery(issueHighlightsQuery(emailId));
