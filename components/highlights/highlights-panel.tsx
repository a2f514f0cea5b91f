"use client";

import { ApiError, errorMessage } from "@/lib/api/client";
import { useIssueHighlights } from "@/lib/client/issue-highlights";
import { Alert } from "../ui/alert";
import { Spinner } from "../ui/spinner";
import { lazyComponent } from "../ui/lazy-component";

// Most issues have none: the list's code (notes, colours, deleting) is fetched once there is one to show (issue 41's budget).
const HighlightItems = lazyComponent(() => import("./highlight-items").then((module) => module.HighlightItems));

/** The issue's highlights beside its body, in reading order, each with its note, colour and a way to delete it. */
export function HighlightsPanel({ emailId }: { emailId: number }) {
  const highlights = useIssueHighlights(emailId);
  // An issue opened as another reader's public issue has none of this reader's: nothing to show.
  if (highlights.error instanceof ApiError && highlights.error.status === 404) return null;
  const items = highlights.data?.items ?? [];

  return (
    <section
      aria-labelledby="highlights-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="highlights-title" className="mb-3 font-semibold text-slate-900 dark:text-white">
        Highlights{items.length > 0 ? ` (${items.length})` : ""}
      </h2>
      {highlights.isPending ? (
        <Spinner label="Loading highlights..." />
      ) : highlights.isError ? (
        <Alert>{errorMessage(highlights.error, "Error loading highlights")}</Alert>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Select text in the issue to highlight it or add a note.</p>
      ) : (
        <HighlightItems emailId={emailId} items={items} />
      )}
    </section>
  );
}
