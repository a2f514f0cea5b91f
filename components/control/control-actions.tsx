"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { useBlockedSenders, useBlockSender, useMuteNewsletter, useUnblockSender } from "@/lib/client/control";
import { recentIssuesQuery } from "@/lib/client/issues";
import { useSubscriptionTo } from "@/lib/client/subscriptions";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";

type Notice = { tone: "error" | "success"; text: string; undo?: () => void };
type Props = {
  newsletterId: number;
  newsletterName: string;
  /** The sender's address when the page knows it (an issue); else it is read from the newsletter's recent issues. */
  sender?: string | null;
  /** Off where the page already offers its own Block sender (a newsletter still sending after an unsubscribe). */
  offerBlock?: boolean;
  className?: string;
};

type Target = Omit<Props, "offerBlock" | "className">;

/**
 * What Mute and Block do for one newsletter, apart from how they are drawn: buttons on a card or page,
 * items of the issue page's overflow menu. The notice outlives the control that raised it.
 */
export function useControlActions({ newsletterId, newsletterName, sender = null }: Target) {
  const queryClient = useQueryClient();
  const subscription = useSubscriptionTo(newsletterId);
  const blocked = useBlockedSenders();
  const mute = useMuteNewsletter();
  const block = useBlockSender();
  const unblock = useUnblockSender();
  const [resolved, setResolved] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const address = (sender ?? resolved)?.toLowerCase() ?? null;
  const entry = address ? blocked.data?.find((item) => item.sender === address) : undefined;
  const muted = subscription.data?.muted ?? false;

  const toggleMute = () => {
    setNotice(null);
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
  };

  const senderAddress = async (): Promise<string | null> => {
    if (address) return address;
    const recent = await queryClient.fetchQuery(recentIssuesQuery(newsletterId));
    const found = recent.items.find((issue) => issue.sender_email)?.sender_email?.toLowerCase() ?? null;
    setResolved(found);
    return found;
  };

  const unblockEntry = (id: number, target: string) => {
    setNotice(null);
    unblock.mutate(id, {
      onSuccess: () => setNotice({ tone: "success", text: `Unblocked ${target}. Its mail will be filed for you again.` }),
      onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to unblock the sender.") }),
    });
  };

  const blockSender = async () => {
    setNotice(null);
    let target: string | null;
    try {
      target = await senderAddress();
    } catch (error) {
      setNotice({ tone: "error", text: errorMessage(error, "Failed to find this newsletter's sender.") });
      return;
    }
    if (!target) {
      setNotice({ tone: "error", text: "No mail from this newsletter has arrived yet, so there is no sender to block." });
      return;
    }
    if (blocked.data?.some((item) => item.sender === target)) {
      setNotice({ tone: "success", text: `${target} is already blocked.` });
      return;
    }
    if (!window.confirm(`Block ${target}? Its mail will no longer be filed for you. You can unblock it at any time.`)) return;
    block.mutate(target, {
      onSuccess: (created) =>
        setNotice({
          tone: "success",
          text: `Blocked ${target}. Its mail will no longer be filed for you.`,
          undo: () => unblockEntry(created.id, created.sender),
        }),
      onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to block the sender.") }),
    });
  };

  return {
    muted,
    muteLabel: mute.isPending ? "Updating..." : muted ? "Unmute" : "Mute",
    muteDisabled: mute.isPending || subscription.isPending,
    toggleMute,
    /** Whether this sender is blocked: then the offer is to lift the block rather than to block again. */
    blocked: entry !== undefined,
    blockLabel: entry ? (unblock.isPending ? "Unblocking..." : "Unblock sender") : block.isPending ? "Blocking..." : "Block sender",
    blockDisabled: block.isPending || unblock.isPending,
    toggleBlock: () => (entry ? unblockEntry(entry.id, entry.sender) : void blockSender()),
    notice,
  };
}

/** What Mute or Block last did, with an Undo after a block. */
export function ControlNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <Alert tone={notice.tone} className="flex flex-wrap items-center justify-between gap-2">
      <span className="wrap-anywhere">{notice.text}</span>
      {notice.undo && (
        <button
          type="button"
          onClick={notice.undo}
          className="rounded font-semibold underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Undo
        </button>
      )}
    </Alert>
  );
}

/** Mute and Block for one newsletter, wherever it is shown as a card or a page. */
export function ControlActions({ offerBlock = true, className = "", ...target }: Props) {
  const control = useControlActions(target);
  return (
    <div className={`space-y-2 ${className}`}>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={control.muted}
          onClick={control.toggleMute}
          disabled={control.muteDisabled}
          className={buttonClass("secondary")}
        >
          {control.muteLabel}
        </button>
        {offerBlock && (
          <button
            type="button"
            onClick={control.toggleBlock}
            disabled={control.blockDisabled}
            className={buttonClass(control.blocked ? "secondary" : "danger")}
          >
            {control.blockLabel}
          </button>
        )}
      </div>
      <ControlNotice notice={control.notice} />
    </div>
  );
}
