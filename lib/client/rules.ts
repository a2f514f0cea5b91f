import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { emailKeys, folderKeys } from "@/lib/client/query-keys";
import type { RuleAction, RuleCondition, RuleDto } from "@/lib/rules/service";

export type Rule = RuleDto;
export type { RuleAction, RuleCondition };
export type RuleDraft = Pick<Rule, "name" | "enabled" | "match" | "conditions" | "actions">;

const ruleKeys = {
  all: ["rules"] as const,
  list: () => [...ruleKeys.all, "list"] as const,
  preview: (draft: Pick<RuleDraft, "match" | "conditions">) => [...ruleKeys.all, "preview", draft] as const,
};

const rulesQuery = () =>
  queryOptions({
    queryKey: ruleKeys.list(),
    queryFn: ({ signal }) => apiFetch<{ items: Rule[] }>("/api/users/me/rules", { signal }),
    select: (data) => data.items,
  });

export const useRules = () => useQuery(rulesQuery());

/** How much of the reader's mail the conditions being edited match; asked only once they are complete. */
export function useRulePreview(draft: Pick<RuleDraft, "match" | "conditions">) {
  const complete = draft.conditions.length > 0 && draft.conditions.every((condition) => condition.value !== "");
  return useQuery({
    queryKey: ruleKeys.preview(draft),
    queryFn: ({ signal }) => apiFetch<{ matched: number }>("/api/users/me/rules/preview", { method: "POST", body: draft, signal }),
    enabled: complete,
    staleTime: 30_000,
  });
}

export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...draft }: Partial<RuleDraft> & { id?: number; position?: number }) =>
      id === undefined
        ? apiFetch<Rule>("/api/users/me/rules", { method: "POST", body: draft })
        : apiFetch<Rule>(`/api/users/me/rules/${id}`, { method: "PATCH", body: draft }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all }),
  });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/users/me/rules/${id}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all }),
  });
}

/** Applying a rule to mail already there changes the feed, folders and favourites. */
export function useApplyRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<{ matched: number; changed: number }>(`/api/users/me/rules/${id}/apply`, { method: "POST" }),
    onSuccess: () => Promise.all([emailKeys.all, folderKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
