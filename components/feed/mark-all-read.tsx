"use client";

import { useEffect, useState } from "react";
import { apiFetch } from "@/lib/api/client";
import type { Email, PagedList } from "@/lib/client/issues";
import { useMarkAllRead, useMarkEmailsUnread, type MarkedEmails } from "@/lib/client/mark-all";
import { buttonClass } from "../ui/button";
import { lazyComponent } from "../ui/lazy-component";
import { markReadParams, type FeedState } from "./feed-query";

// Asked only before marking many: fetched then, not with the feed (issue 41's budget).
const MarkAllDialog = lazyComponent(() => import("./mark-all-dialog").then((module) => module.MarkAllDialog));

/** Above this many issues, marking them read asks first. */
const CONFIRM_ABOVE = 20;
const UNDO_MS = 8_000;

const issues = (count: number) => `${count} ${count === 1 ? "issue" : "issues"}`;

type Outcome = { text: string; undo?: number[] };

/** "Mark all as read" for what the feed's filters and search show, with a confirmation for many and a short-lived Undo. */
export function MarkAllRead({ state }: { state: FeedState }) {
  const markAll = useMarkAllRead();
  const markUnread = useMarkEmailsUnread();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [counting, setCounting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const query = markReadParams(state).toString();

  // Undo is offered for a few seconds; the message itself stays until the next action.
  useEffect(() => {
    if (!outcome?.undo) return;
    const timer = window.setTimeout(() => setOutcome((current) => (current === outcome ? { text: current.text } : current)), UNDO_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const mark = () => {
    setConfirming(null);
    markAll.mutate(query, {
      onSuccess: (answer: MarkedEmails) =>
        setOutcome(
          answer.updated === 0
            ? { text: "Nothing to mark as read." }
            : { text: `Marked ${issues(answer.updated)} as read.`, undo: answer.email_ids },
        ),
      onError: () => setOutcome({ text: "Failed to mark issues as read." }),
    });
  };

  const start = async () => {
    if (counting || markAll.isPending) return;
    setOutcome(null);
    setCounting(true);
    try {
      // How many would change: the unread ones among what the filters show.
      const counted = new URLSearchParams(query);
      counted.set("read_status", "unread");
      counted.set("page_size", "1");
      const unread = await apiFetch<PagedList<Email>>(`/api/issues/feed?${counted}`);
      if (unread.total_items === 0) setOutcome({ text: "Nothing to mark as read." });
      else if (unread.total_items > CONFIRM_ABOVE) setConfirming(unread.total_items);
      else mark();
    } catch {
      setOutcome({ text: "Failed to mark issues as read." });
    } finally {
      setCounting(false);
    }
  };

  const undo = (emailIds: number[]) => {
    setOutcome(null);
    markUnread.mutate(emailIds, {
      onSuccess: (answer) => setOutcome({ text: `Marked ${issues(answer.updated)} as unread again.` }),
      onError: () => setOutcome({ text: "Failed to undo. The issues stay read." }),
    });
  };

  const busy = counting || markAll.isPending || markUnread.isPending;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={() => void start()}
        disabled={busy || state.read_status === "read"}
        className={buttonClass("secondary", "h-8 px-3 py-0")}
      >
        Mark all as read
      </button>
      {/* Only while there is news: an empty status region would read as a page still loading. */}
      {outcome && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          {outcome.text}
          {outcome.undo && (
            <button
              type="button"
              onClick={() => undo(outcome.undo!)}
              className="font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
            >
              Undo
            </button>
          )}
        </p>
      )}
      {confirming !== null && <MarkAllDialog issues={issues(confirming)} onMark={mark} onClose={() => setConfirming(null)} />}
    </div>
  );
}
