import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { patchCachedEmails } from "@/lib/client/issues";
import { emailKeys } from "@/lib/client/query-keys";
import type { markAllRead } from "@/lib/issues/service";

// The feed's Mark all as read, apart from lib/client/issues.ts, which every signed-in page loads (issue 41's budget).

/** What POST /api/issues/feed/mark-read (and its undo, mark-unread) changed. */
export type MarkedEmails = Awaited<ReturnType<typeof markAllRead>>;

/** The listed emails follow a bulk change at once; every list is fetched again, as filters and totals moved. */
function useBulkRead(request: (input: string | number[]) => Promise<MarkedEmails>, isRead: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (answer) => {
      const changed = new Set(answer.email_ids);
      await queryClient.cancelQueries({ queryKey: emailKeys.all });
      patchCachedEmails(queryClient, (email) => changed.has(email.id), { is_read: isRead });
      await queryClient.invalidateQueries({ queryKey: emailKeys.lists() });
    },
  });
}

/** `query` is the feed's filters and search, as GET /api/issues/feed takes them. */
export const useMarkAllRead = () =>
  useBulkRead((query) => apiFetch<MarkedEmails>(`/api/issues/feed/mark-read?${String(query)}`, { method: "POST" }), true);

/** The undo of a mark all read: exactly the emails it changed. */
export const useMarkEmailsUnread = () =>
  useBulkRead(
    (emailIds) => apiFetch<MarkedEmails>("/api/issues/feed/mark-unread", { method: "POST", body: { email_ids: emailIds } }),
    false,
  );
