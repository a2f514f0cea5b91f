import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { CommentDto } from "@/lib/comments/service";
import { commentKeys } from "@/lib/client/query-keys";

export type Comment = CommentDto;

const issueCommentsQuery = (emailId: number) =>
  queryOptions({
    queryKey: commentKeys.issue(emailId),
    queryFn: ({ signal }) => apiFetch<{ items: Comment[] }>(`/api/issues/${emailId}/comments`, { signal }),
  });

export const useIssueComments = (emailId: number) => useQuery(issueCommentsQuery(emailId));

export function useAddComment(emailId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => apiFetch<Comment>(`/api/issues/${emailId}/comments`, { method: "POST", body: { content } }),
    onSuccess: (comment) => {
      queryClient.setQueryData(issueCommentsQuery(emailId).queryKey, (data) =>
        data ? { items: [...data.items, comment] } : { items: [comment] },
      );
      return queryClient.invalidateQueries({ queryKey: commentKeys.all });
    },
  });
}
