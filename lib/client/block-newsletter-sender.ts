import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api/client";
import { useAfterBlockChange, type BlockedSender } from "@/lib/client/control";
import { recentIssuesQuery } from "@/lib/client/recent-issues";

// The Subscriptions page's offer, apart from lib/client/control.ts, which the issue page loads for Mute and Block (issue 41's budget).

/**
 * Blocks the address a newsletter's mail comes from, read from its latest issue: the offer shown for a
 * sender that kept sending after the reader unsubscribed. Blocked already counts as done.
 */
export function useBlockNewsletterSender() {
  const queryClient = useQueryClient();
  const refresh = useAfterBlockChange();
  return useMutation({
    mutationFn: async (newsletterId: number) => {
      const { items } = await queryClient.fetchQuery(recentIssuesQuery(newsletterId));
      const sender = items.find((item) => item.sender_email)?.sender_email?.toLowerCase();
      if (!sender) throw new ApiError(404, "No sender address to block.");
      try {
        await apiFetch<BlockedSender>("/api/users/me/blocked-senders", { method: "POST", body: { sender } });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
      }
      return sender;
    },
    onSettled: refresh,
  });
}
