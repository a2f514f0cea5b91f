"use client";

import { useCallback, useEffect } from "react";
import { useCurrentUser } from "@/lib/auth/hooks";
import { useFeed } from "@/lib/issues/hooks";
import { EmailCard } from "../email/email-card";
import { Alert } from "../ui/alert";
import { EmptyState } from "../ui/empty-state";
import { Spinner } from "../ui/spinner";
import { ConfirmationCard } from "./confirmation-card";
import { FeedControls } from "./feed-controls";
import { feedErrorText } from "./feed-error";
import { acceptPage, feedApiParams, feedToParams, type FeedView as View } from "./feed-query";
import { rememberFeedUrl } from "./feed-return";
import { Pagination } from "./pagination";
import { useFeedState, type FeedUpdate } from "./use-feed-state";

// Confirmations wait at the top of every feed page until read or dismissed, wherever they fall in the list.
const PENDING_QUERY = "kind=confirmation&read_status=unread&page_size=10";

const GRID: Record<View, string> = {
  one: "grid-cols-1",
  two: "grid-cols-1 md:grid-cols-2",
  grid: "grid-cols-1 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4",
};

export function FeedView() {
  const session = useCurrentUser();
  const { state, update } = useFeedState();
  const feed = useFeed(feedApiParams(state).toString(), Boolean(session.data));
  const pendingFeed = useFeed(PENDING_QUERY, Boolean(session.data));
  const loading = feed.isFetching;
  const totalPages = feed.data?.total_pages ?? 1;

  useEffect(() => {
    const query = feedToParams(state).toString();
    rememberFeedUrl(query ? `/feed?${query}` : "/feed");
  }, [state]);

  // SPEC.md section 5: the page is at most total_pages. A page past the end (an old link, a hand-edited
  // URL) is ignored like any out-of-range page change, which leaves the reader on page 1.
  const beyondLastPage = feed.isSuccess && !feed.isPlaceholderData && state.page > Math.max(totalPages, 1);
  useEffect(() => {
    if (beyondLastPage) update((current) => ({ ...current, page: 1 }), "replace");
  }, [beyondLastPage, update]);

  const changeFilters = useCallback((change: FeedUpdate) => update(change, "replace"), [update]);
  const goToPage = (page: number) => {
    if (!acceptPage(state.page, page, totalPages, loading)) return;
    update((current) => ({ ...current, page }), "push");
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  const items = feed.data?.items ?? [];
  const pending = (pendingFeed.data?.items ?? []).filter((email) => !email.is_read);
  const issues = items.filter((email) => email.kind !== "confirmation" || email.is_read);
  const layout = state.view === "one" ? "row" : "tile";

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <FeedControls state={state} onChange={changeFilters} />
      {feed.isPending || beyondLastPage ? (
        <Spinner label="Loading feed..." className="py-16" />
      ) : feed.isError && !feed.data ? (
        <Alert>{feedErrorText(feed.error)}</Alert>
      ) : (
        <>
          {feed.isPlaceholderData && loading && <Spinner label="Updating..." className="justify-start" />}
          {feed.isError && <Alert>{feedErrorText(feed.error)}</Alert>}
          {pending.length > 0 && (
            <section aria-labelledby="pending-title" className="space-y-3">
              <h2 id="pending-title" className="sr-only">
                Pending confirmations
              </h2>
              {pending.map((email) => (
                <ConfirmationCard key={email.id} email={email} />
              ))}
            </section>
          )}
          {/* Unread confirmations wait above, not in the list: a feed of only those has no newsletters yet. */}
          {issues.length === 0 && state.page > 1 ? (
            <EmptyState action={{ href: `/feed?${feedToParams({ ...state, page: 1 })}`, label: "Back to the first page" }}>This page of your feed is empty.</EmptyState>
          ) : issues.length === 0 ? (
            <EmptyState action={{ href: "/discover", label: "Discover newsletters" }}>No newsletters in your feed yet.</EmptyState>
          ) : (
            <>
              {/* The cards' h3 titles sit under this heading, not straight under the page's h1. */}
              <h2 id="issues-title" className="sr-only">
                Issues
              </h2>
              <ul aria-labelledby="issues-title" className={`grid gap-4 ${GRID[state.view]} ${feed.isPlaceholderData ? "opacity-60" : ""}`}>
                {issues.map((email) => (
                  <li key={email.id} className="min-w-0">
                    <EmailCard email={email} layout={layout} />
                  </li>
                ))}
              </ul>
            </>
          )}
          <Pagination page={state.page} totalPages={totalPages} disabled={loading} onPage={goToPage} />
        </>
      )}
    </div>
  );
}
