import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { Email } from "@/lib/client/issues";
import { emailKeys } from "@/lib/client/query-keys";

// A newsletter's latest issues, apart from lib/client/issues.ts, which every signed-in page loads: the lists that
// show them and Block's look-up of a sender load when used (issue 41's budget).

export const recentIssuesQuery = (newsletterId: number) =>
  queryOptions({
    queryKey: emailKeys.recent(newsletterId),
    queryFn: ({ signal }) => apiFetch<{ items: Email[] }>(`/api/newsletters/${newsletterId}/recent_issues`, { signal }),
  });

export const useRecentIssues = (newsletterId: number | null) =>
  useQuery({ ...recentIssuesQuery(newsletterId ?? 0), enabled: newsletterId !== null });
