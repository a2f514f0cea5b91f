"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useBlockedSenders, useBlockSender, useMuteNewsletter, useUnblockSender } from "@/lib/client/control";
import { useSubscriptionTo } from "@/lib/client/subscriptions";
import { Alert } from "../ui/alert";
import type { Control, Notice } from "./control-run";

export type ControlTarget = {
  newsletterId: number;
  newsletterName: string;
  /** The sender's address when the page knows it (an issue); else it is read from the newsletter's recent issues. */
  sender?: string | null;
};

/**
 * What Mute and Block do for one newsletter, apart from how they are drawn: buttons on a card or page,
 * items of the issue page's overflow menu. The notice outlives the control that raised it.
 */
export function useControlActions({ newsletterId, newsletterName, sender = null }: ControlTarget) {
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

  const control: Control = {
    newsletterId,
    newsletterName,
    muted,
    address,
    blocked: blocked.data,
    mute,
    block,
    unblock,
    queryClient,
    setResolved,
    setNotice,
  };
  // What Mute and Block do and say is fetched the first time one is used, not with the page (issue 41's budget).
  const run = (act: (actions: typeof import("./control-run")) => unknown) => {
    setNotice(null);
    void import("./control-run").then(act);
  };

  return {
    muted,
    muteLabel: mute.isPending ? "Updating..." : muted ? "Unmute" : "Mute",
    muteDisabled: mute.isPending || subscription.isPending,
    toggleMute: () => run((actions) => actions.toggleMute(control)),
    /** Whether this sender is blocked: then the offer is to lift the block rather than to block again. */
    blocked: entry !== undefined,
    blockLabel: entry ? (unblock.isPending ? "Unblocking..." : "Unblock sender") : block.isPending ? "Blocking..." : "Block sender",
    blockDisabled: block.isPending || unblock.isPending,
    toggleBlock: () => run((actions) => (entry ? actions.unblockEntry(control, entry.id, entry.sender) : actions.blockSender(control))),
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
