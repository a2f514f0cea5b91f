"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Email } from "@/lib/client/issues";
import { emailKeys, newsletterKeys } from "@/lib/client/query-keys";

type Listed = { items: Email[] };

/**
 * Whether the reader came to this id from a discovery list (trending issues, a newsletter's recent
 * issues) that shows it as a public issue they did not receive, which carries no share id of theirs.
 * Decided once, from what those lists held when the page opened.
 */
export function useOpenedAsPublicIssue(emailId: number): boolean {
  const queryClient = useQueryClient();
  const [opened] = useState(() =>
    [
      ...queryClient.getQueriesData<Listed>({ queryKey: newsletterKeys.trendingIssues() }),
      ...queryClient.getQueriesData<Listed>({ queryKey: emailKeys.recentAll() }),
    ].some(([, data]) => data?.items.some((item) => item.id === emailId && item.public_share_id === null)),
  );
  return opened;
}
