import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api/client";
import type { SummariesDto } from "@/lib/summaries/service";

const summariesKey = ["summaries"] as const;

/** The reader's summaries setting; null when the server has no model endpoint (404), and then Settings offers nothing. */
const summariesQuery = () =>
  queryOptions({
    queryKey: summariesKey,
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<SummariesDto>("/api/users/me/summaries", { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const useSummaries = () => useQuery(summariesQuery());

export function useSaveSummaries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => apiFetch<SummariesDto>("/api/users/me/summaries", { method: "PUT", body: { enabled } }),
    onMutate: async (enabled) => {
      await queryClient.cancelQueries({ queryKey: summariesKey });
      const before = queryClient.getQueryData<SummariesDto | null>(summariesKey);
      queryClient.setQueryData<SummariesDto>(summariesKey, { enabled });
      return { before };
    },
    onError: (_error, _enabled, context) => {
      if (context?.before) queryClient.setQueryData(summariesKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: summariesKey }),
  });
}
