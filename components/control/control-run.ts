// What Mute and Block do and say for one newsletter: fetched by useControlActions the first time one is used.
import type { QueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/api/client";
import type { BlockedSender, useBlockSender, useMuteNewsletter, useUnblockSender } from "@/lib/client/control";
import { recentIssuesQuery } from "@/lib/client/recent-issues";

export type Notice = { tone: "error" | "success"; text: string; undo?: () => void };

/** The newsletter, what is known of its sender, and the page's mutations and notice. */
export type Control = {
  newsletterId: number;
  newsletterName: string;
  muted: boolean;
  /** The sender's address, once known. */
  address: string | null;
  blocked: BlockedSender[] | undefined;
  mute: ReturnType<typeof useMuteNewsletter>;
  block: ReturnType<typeof useBlockSender>;
  unblock: ReturnType<typeof useUnblockSender>;
  queryClient: QueryClient;
  setResolved: (address: string | null) => void;
  setNotice: (notice: Notice | null) => void;
};

export function toggleMute({ newsletterId, newsletterName, muted, mute, setNotice }: Control) {
  mute.mutate(
    { newsletterId, muted: !muted },
    {
      onSuccess: () =>
        setNotice({
          tone: "success",
          text: muted ? `${newsletterName} is back in your feed.` : `Muted: new issues of ${newsletterName} stay out of your feed.`,
        }),
      onError: (error) => setNotice({ tone: "error", text: errorMessage(error, muted ? "Failed to unmute." : "Failed to mute.") }),
    },
  );
}

/** The sender's address, read from the newsletter's recent issues when the page does not know it. */
async function senderAddress({ address, newsletterId, queryClient, setResolved }: Control): Promise<string | null> {
  if (address) return address;
  const recent = await queryClient.fetchQuery(recentIssuesQuery(newsletterId));
  const found = recent.items.find((issue) => issue.sender_email)?.sender_email?.toLowerCase() ?? null;
  setResolved(found);
  return found;
}

export function unblockEntry(control: Control, id: number, target: string) {
  const { unblock, setNotice } = control;
  setNotice(null);
  unblock.mutate(id, {
    onSuccess: () => setNotice({ tone: "success", text: `Unblocked ${target}. Its mail will be filed for you again.` }),
    onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to unblock the sender.") }),
  });
}

export async function blockSender(control: Control) {
  const { blocked, block, setNotice } = control;
  let target: string | null;
  try {
    target = await senderAddress(control);
  } catch (error) {
    setNotice({ tone: "error", text: errorMessage(error, "Failed to find this newsletter's sender.") });
    return;
  }
  if (!target) {
    setNotice({ tone: "error", text: "No mail from this newsletter has arrived yet, so there is no sender to block." });
    return;
  }
  if (blocked?.some((item) => item.sender === target)) {
    setNotice({ tone: "success", text: `${target} is already blocked.` });
    return;
  }
  if (!window.confirm(`Block ${target}? Its mail will no longer be filed for you. You can unblock it at any time.`)) return;
  block.mutate(target, {
    onSuccess: (created) =>
      setNotice({
        tone: "success",
        text: `Blocked ${target}. Its mail will no longer be filed for you.`,
        undo: () => unblockEntry(control, created.id, created.sender),
      }),
    onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to block the sender.") }),
  });
}
