"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { useCurrentUser } from "@/lib/client/auth";
import { useFeed, type Email } from "@/lib/client/issues";
import { useSubscriptions } from "@/lib/client/subscriptions";
import { EmailCard } from "../email/email-card";
import { ReaderKeys, type ReaderHandlers } from "../keyboard/reader-keys-panel";
import { useIssueToggles } from "../keyboard/use-issue-toggles";
import { Alert } from "../ui/alert";
import { Spinner } from "../ui/spinner";
import { FeedControls } from "./feed-controls";
import { NewIssues } from "./new-issues";
import { feedErrorText } from "./feed-error";
import {
  acceptPage,
  feedApiParams,
  feedToParams,
  isUnfiltered,
  pendingConfirmationParams,
  subscriptionOffers,
  type FeedView as View,
} from "./feed-query";
import { forgetFeedReturn, peekFeedReturn, rememberFeedPosition, rememberFeedUrl } from "./feed-return";
import { Pagination } from "./pagination";
import { useFeedState, type FeedUpdate } from "./use-feed-state";
import { lazyComponent } from "../ui/lazy-component";

// Only an empty feed shows it, once per reader: fetched then, not with every feed (issue 34's budget).
const FirstIssueGuide = lazyComponent(() => import("./first-issue-guide").then((module) => module.FirstIssueGuide));
// Only a searched or filtered feed says what matched, only pending confirmations wait above the list, and only an
// empty page says so (issue 41's budget).
const MatchCount = lazyComponent(() => import("./narrowed-feed").then((module) => module.MatchCount));
const NoMatch = lazyComponent(() => import("./narrowed-feed").then((module) => module.NoMatch));
const ConfirmationCard = lazyComponent(() => import("./confirmation-card").then((module) => module.ConfirmationCard));
const EmptyState = lazyComponent(() => import("../ui/empty-state").then((module) => module.EmptyState));

const GRID: Record<View, string> = {
  one: "grid-cols-1",
  two: "grid-cols-1 md:grid-cols-2",
  grid: "grid-cols-1 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4",
};

const cardId = (emailId: number) => `issue-card-${emailId}`;

/** Selects a card for the keyboard: focus (which scrolls it into view) and its ring. */
function focusCard(emailId: number, options?: FocusOptions) {
  document.getElementById(cardId(emailId))?.focus(options);
}

export function FeedView() {
  const session = useCurrentUser();
  // The sidebar's list (one request for both): a reader with no newsletter at all has an empty feed, searched or not.
  const subscriptions = useSubscriptions();
  const noNewsletters = subscriptions.data?.length === 0;
  const router = useRouter();
  const { state, update } = useFeedState();
  const feed = useFeed(feedApiParams(state).toString(), Boolean(session.data));
  // Confirmations wait above the first page until read or dismissed, wherever they fall in the list, when they match.
  const pendingParams = pendingConfirmationParams(state);
  const pendingFeed = useFeed(pendingParams?.toString() ?? "", Boolean(session.data) && pendingParams !== null);
  const loading = feed.isFetching;
  const totalPages = feed.data?.total_pages ?? 1;
  const toggles = useIssueToggles();
  const query = feedToParams(state).toString();
  const feedUrl = query ? `/feed?${query}` : "/feed";
  // A way back from an issue (u, Escape, Back to Feed) restores where the reader was, once. The feed
  // renders only in the browser, after the session is known, so storage can be read at once.
  const [returnPoint] = useState(() => peekFeedReturn(feedUrl));
  // The issue the keyboard is on, or (after j or k turned the page) which end of the next page to take.
  const [selection, setSelection] = useState<{ id: number } | { end: "first" | "last" } | null>(() =>
    returnPoint?.emailId ? { id: returnPoint.emailId } : null,
  );
  const scrollY = useRef(0);
  const selected = useRef<number | null>(null);
  const restored = useRef(false);

  useEffect(() => {
    rememberFeedUrl(feedUrl);
  }, [feedUrl]);

  useEffect(() => {
    if (returnPoint) forgetFeedReturn();
  }, [returnPoint]);

  // The place to come back to, kept as the reader scrolls and saved as the page goes (Next.js scrolls the next page after this unmounts).
  useEffect(() => {
    const onScroll = () => {
      scrollY.current = window.scrollY;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      rememberFeedPosition({ url: feedUrl, scrollY: scrollY.current, emailId: selected.current });
    };
  }, [feedUrl]);

  // docs/spec.md section 5: the page is at most total_pages. A page past the end (an old link, a hand-edited
  // URL) is ignored like any out-of-range page change, which leaves the reader on page 1.
  const beyondLastPage = feed.isSuccess && !feed.isPlaceholderData && state.page > Math.max(totalPages, 1);
  useEffect(() => {
    if (beyondLastPage) update((current) => ({ ...current, page: 1 }), "replace");
  }, [beyondLastPage, update]);

  const toFirstPage = () => {
    if (state.page !== 1) update((current) => ({ ...current, page: 1 }), "push");
  };
  const changeFilters = useCallback((change: FeedUpdate) => update(change, "replace"), [update]);
  const goToPage = (page: number) => {
    if (!acceptPage(state.page, page, totalPages, loading)) return;
    update((current) => ({ ...current, page }), "push");
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  const items = feed.data?.items ?? [];
  const pending = pendingParams ? (pendingFeed.data?.items ?? []).filter((email) => !email.is_read) : [];
  const issues = items.filter((email) => email.kind !== "confirmation" || email.is_read);
  const offers = subscriptionOffers(issues);
  // Unread confirmations that match wait above the list, so they are not counted among its issues.
  const matched = Math.max(0, (feed.data?.total_items ?? 0) - (pendingParams ? (pendingFeed.data?.total_items ?? 0) : 0));
  const layout = state.view === "one" ? "row" : "tile";
  // Keys act on what is shown, once it is this page's own answer (not the previous page's, kept while loading).
  const ready = feed.isSuccess && !feed.isPlaceholderData;

  const currentId =
    selection === null
      ? null
      : "id" in selection
        ? selection.id
        : ready
          ? ((selection.end === "first" ? issues[0] : issues[issues.length - 1])?.id ?? null)
          : null;

  useEffect(() => {
    selected.current = currentId;
  }, [currentId]);

  // The selected card takes focus (its ring, and into view), except on a return, where the scroll position is the reader's.
  useEffect(() => {
    if (!ready) return;
    if (returnPoint && !restored.current) {
      restored.current = true;
      const top = returnPoint.scrollY;
      if (currentId !== null) focusCard(currentId, { preventScroll: top !== null });
      if (top !== null) {
        window.scrollTo({ top });
        scrollY.current = top;
      }
      // j on the issue page may have moved on to an issue below (or above) what was in view.
      if (currentId !== null) document.getElementById(cardId(currentId))?.scrollIntoView({ block: "nearest" });
      if (returnPoint.focusSearch) document.getElementById("feed-search")?.focus();
      return;
    }
    if (currentId !== null && !document.getElementById(cardId(currentId))?.contains(document.activeElement)) focusCard(currentId);
    // Focus follows the selection only: a list refetching must not pull focus back from wherever the reader went.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, currentId]);

  const index = issues.findIndex((email) => email.id === currentId);
  const current: Email | undefined = issues[index];
  const select = (email: Email, at: number) => {
    setSelection({ id: email.id });
    return `${email.subject || "No Subject"}, issue ${at + 1} of ${issues.length}.`;
  };
  const turnPage = (page: number, end: "first" | "last") => {
    setSelection({ end });
    goToPage(page);
    return `Page ${page}.`;
  };
  const handlers: ReaderHandlers = {
    search: () => document.getElementById("feed-search")?.focus(),
    ...(ready &&
      issues.length > 0 && {
        next: () =>
          index + 1 < issues.length
            ? select(issues[index + 1], index + 1)
            : state.page < totalPages
              ? turnPage(state.page + 1, "first")
              : "This is the last issue.",
        previous: () =>
          index > 0
            ? select(issues[index - 1], index - 1)
            : index === -1
              ? select(issues[0], 0)
              : state.page > 1
                ? turnPage(state.page - 1, "last")
                : "This is the first issue.",
      }),
    ...(ready &&
      current && {
        open: () => {
          router.push(`/emails/${current.id}`);
          return `Opening ${current.subject || "No Subject"}.`;
        },
        toggleRead: () => toggles.toggleRead(current),
        favourite: () => toggles.favourite(current),
        like: () => toggles.like(current),
      }),
  };

  return (
    <div className="mx-auto max-w-7xl space-y-2 sm:space-y-3">
      <ReaderKeys handlers={handlers} />
      <FeedControls state={state} onChange={changeFilters} />
      {feed.isPending || beyondLastPage ? (
        <Spinner label="Loading feed..." className="py-16" />
      ) : feed.isError && !feed.data ? (
        <Alert>{feedErrorText(feed.error)}</Alert>
      ) : (
        <>
          {feed.isPlaceholderData && loading && <Spinner label="Updating..." className="justify-start" />}
          {feed.isError && <Alert>{feedErrorText(feed.error)}</Alert>}
          <NewIssues shown={issues} fetchedAt={feed.dataUpdatedAt} toFirstPage={toFirstPage} />
          {pending.length > 0 && (
            <section
              aria-labelledby="pending-title"
              className="divide-y divide-amber-200 rounded-xl border border-amber-300 bg-amber-50 dark:divide-amber-900 dark:border-amber-800 dark:bg-amber-950/50"
            >
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
            <EmptyState action={{ href: `/feed?${feedToParams({ ...state, page: 1 })}`, label: "Back to the first page" }}>
              This page of your feed is empty.
            </EmptyState>
          ) : issues.length === 0 && isUnfiltered(state) && session.data ? (
            <FirstIssueGuide address={session.data.unique_email} />
          ) : issues.length === 0 && (isUnfiltered(state) || noNewsletters) ? (
            <EmptyState action={{ href: "/discover", label: "Discover newsletters" }}>No newsletters in your feed yet.</EmptyState>
          ) : issues.length === 0 ? (
            <NoMatch state={state} />
          ) : (
            <>
              {!isUnfiltered(state) && <MatchCount state={state} count={matched} />}
              {/* The cards' h3 titles sit under this heading, not straight under the page's h1. */}
              <h2 id="issues-title" className="sr-only">
                Issues
              </h2>
              <ul
                aria-labelledby="issues-title"
                className={`grid gap-2 sm:gap-3 ${GRID[state.view]} ${feed.isPlaceholderData ? "opacity-60" : ""}`}
              >
                {issues.map((email) => (
                  <li key={email.id} className="min-w-0">
                    <EmailCard
                      email={email}
                      layout={layout}
                      cardId={cardId(email.id)}
                      current={email.id === currentId}
                      offerSubscription={offers.has(email.id)}
                    />
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
