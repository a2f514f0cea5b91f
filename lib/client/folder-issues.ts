import { useQueries } from "@tanstack/react-query";
import { emailQuery } from "@/lib/client/issues";

/**
 * The issues of a folder, one call each (the folder answer holds only their ids). Apart from
 * lib/client/subscriptions.ts, which every signed-in page loads: only a folder's list needs useQueries (issue 41's budget).
 */
export function useIssues(emailIds: number[]) {
  return useQueries({
    queries: emailIds.map((emailId) => emailQuery(emailId)),
    combine: (results) => ({
      isPending: results.some((result) => result.isPending),
      issues: results.flatMap((result) => (result.data ? [result.data] : [])),
      failed: results.filter((result) => result.isError).length,
    }),
  });
}
