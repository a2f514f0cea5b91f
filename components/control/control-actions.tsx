"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { useBlockedSenders, useBlockSender, useMuteNewsletter, useUnblockSender } from "@/lib/control/hooks";
import { recentIssuesQuery } from "@/lib/issues/hooks";
import { useSubscriptionTo } from "@/lib/subscriptions/hooks";
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

/** Mute and Block for one newsletter, wherever it is shown: its card, its page, one of its issues. */
export function ControlActions({ newsletterId, newsletterName, sender = null, offerBlock = true, className = "" }: Props) {
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
  const busy = block.isPending || unblock.isPending;

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

  return (
    <div className={`space-y-2 ${className}`}>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={muted}
          onClick={toggleMute}
          disabled={mute.isPending || subscription.isPending}
          className={buttonClass("secondary")}
        >
          {mute.isPending ? "Updating..." : muted ? "Unmute" : "Mute"}
        </button>
        {!offerBlock ? null : entry ? (
          <button type="button" onClick={() => unblockEntry(entry.id, entry.sender)} disabled={busy} className={buttonClass("secondary")}>
            {unblock.isPending ? "Unblocking..." : "Unblock sender"}
          </button>
        ) : (
          <button type="button" onClick={() => void blockSender()} disabled={busy} className={buttonClass("danger")}>
            {block.isPending ? "Blocking..." : "Block sender"}
          </button>
        )}
      </div>
      {notice && (
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
      )}
    </div>
  );
}
