import { useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { KindleSendDto } from "@/lib/kindle/service";

// Sending an issue, apart from lib/client/kindle.ts (Settings' address and sends): the issue page loads only this
// (issue 41's budget). The keys of both are here, so that Settings' list of sends follows a send from the issue page.
export const kindleKeys = { settings: ["kindle"] as const, sends: ["kindle", "sends"] as const };

const sendKey = (emailId: number) => ["kindle", "send", emailId] as const;

/** Sends the issue; the menu entry and the key share one key, so either's outcome shows in one place (useKindleSendState). */
export function useSendToKindle(emailId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: sendKey(emailId),
    mutationFn: () => apiFetch<KindleSendDto>(`/api/issues/${emailId}/send-to-kindle`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kindleKeys.sends }),
  });
}

/** How the latest send of this issue went, from whichever control started it. */
export function useKindleSendState(emailId: number) {
  return useMutationState({ filters: { mutationKey: sendKey(emailId) }, select: (mutation) => mutation.state }).at(-1);
}
