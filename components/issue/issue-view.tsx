"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "@/lib/api/client";
import { useEmail, type EmailDetail } from "@/lib/client/issues";
import { useSendToKindle } from "@/lib/client/kindle-send";
import { HighlightableFrame, HighlightablePlainBody } from "../highlights/highlightable-frame";
import { rememberOpenedIssue } from "../feed/feed-return";
import { ReaderKeys, type ReaderHandlers } from "../keyboard/reader-keys-panel";
import { useIssueToggles } from "../keyboard/use-issue-toggles";
import { ReadingProvider, useReading } from "../reader/reading-context";
import { ReadingSurface } from "../reader/reading-surface";
import { useReadingToolbarItems } from "../reader/reading-toolbar-items";
import { Alert } from "../ui/alert";
import { Spinner } from "../ui/spinner";
import { BackToFeed, useReturnToFeed } from "./back-to-feed";
import { IssueActions } from "./issue-actions";
import { IssueHeader } from "./issue-header";
import { ScrollTopButton } from "./lazy-scroll-top";
import { useFeedNeighbours } from "./use-feed-neighbours";
import { useOpenedAsPublicIssue } from "./use-opened-as-public-issue";
import { useReadTracking } from "./use-read-tracking";
import { KINDLE_FAILED, KINDLE_SENT } from "./use-take-away";
import { useThemeSwitch } from "../theme-toggle";
import { lazyComponent } from "../ui/lazy-component";

// Opened on request (the Comments button, ?showComments=true): fetched then, not with the issue (issue 34's budget).
const CommentsPanel = lazyComponent(() => import("./comments-panel").then((module) => module.CommentsPanel));
// Beside the body, under the fold on a phone: fetched alongside the body rather than before it.
const SidebarPanels = lazyComponent(() => import("./sidebar-panels").then((module) => module.SidebarPanels));

const frameClass = "mx-auto max-w-6xl";
// On a phone the menu button floats at the page's top left (the issue page has no header): the top row starts beside it.
const topRowClass = "max-[768px]:pl-10";

/**
 * docs/spec.md section 4: 403 or 404 means no access; anything else is a real failure. An issue opened from
 * a discovery list is named an issue, not an email, in the loading and missing states.
 */
function IssueProblem({ error, publicIssue }: { error: unknown; publicIssue: boolean }) {
  const missing = error instanceof ApiError && (error.status === 403 || error.status === 404);
  return (
    <div className={`${frameClass} space-y-4`}>
      <div className={topRowClass}>
        <BackToFeed />
      </div>
      {missing ? (
        <p className="text-slate-600 dark:text-slate-300">{publicIssue ? "Issue not found." : "Email not found or not loaded yet."}</p>
      ) : (
        <Alert>Error loading email: {error instanceof ApiError && error.detail ? error.detail : "An unexpected error occurred"}</Alert>
      )}
    </div>
  );
}

/** The issue page's keys: j and k open the feed's next and previous issues, u and Escape go back; m, s, l and Shift+K act once the issue is here. */
function IssueKeys({ emailId, issue }: { emailId: number; issue: EmailDetail | undefined }) {
  const reading = useReading();
  const returnToFeed = useReturnToFeed();
  const neighbour = useFeedNeighbours();
  const toggles = useIssueToggles();
  const kindle = useSendToKindle(emailId);
  const theme = useThemeSwitch();
  // Opening the issue marks it read (useReadTracking); until that shows here, `m` means "unread", as the reader
  // expects of an issue they have opened, instead of racing the open's own mark.
  const [shownRead, setShownRead] = useState(false);
  if (issue?.is_read && !shownRead) setShownRead(true);
  const handlers: ReaderHandlers = {
    theme: theme.toggle,
    next: () => neighbour(emailId, 1),
    previous: () => neighbour(emailId, -1),
    back: () => {
      if (reading.leaveReaderView()) return "Original view.";
      returnToFeed();
      return "Back to the feed.";
    },
    search: () => returnToFeed({ focusSearch: true }),
    ...(issue && {
      toggleRead: () => toggles.toggleRead({ ...issue, is_read: issue.is_read || !shownRead }),
      favourite: () => toggles.favourite(issue),
      like: () => toggles.like(issue),
      readerView: reading.toggleReaderView,
      listen: reading.toggleListen,
      sendToKindle: () =>
        kindle.mutateAsync().then(
          () => KINDLE_SENT,
          (error: unknown) => errorMessage(error, KINDLE_FAILED),
        ),
    }),
  };
  return <ReaderKeys handlers={handlers} />;
}

export function IssueView({ emailId }: { emailId: number }) {
  return (
    <ReadingProvider>
      <IssueKeysFor emailId={emailId} />
      <IssueContent emailId={emailId} />
    </ReadingProvider>
  );
}

function IssueKeysFor({ emailId }: { emailId: number }) {
  const email = useEmail(emailId);
  // Back on the feed, this issue is the one selected, however it was opened.
  useEffect(() => rememberOpenedIssue(emailId), [emailId]);
  return <IssueKeys emailId={emailId} issue={email.data} />;
}

function IssueContent({ emailId }: { emailId: number }) {
  const email = useEmail(emailId);
  const searchParams = useSearchParams();
  const [commentsOpen, setCommentsOpen] = useState(searchParams.get("showComments") === "true");
  const publicIssue = useOpenedAsPublicIssue(emailId);
  const readError = useReadTracking(emailId, email.isSuccess);
  const readingItems = useReadingToolbarItems();
  // The header, and its theme button, is hidden on this page (docs/spec.md section 2): the switch is in More too.
  const theme = useThemeSwitch();
  const themeEntry = { id: "theme", label: `Switch to ${theme.next} theme`, onSelect: theme.toggle };

  if (email.isPending) return <Spinner label={publicIssue ? "Loading issue..." : "Loading email..."} className="py-24" />;
  if (email.isError) return <IssueProblem error={email.error} publicIssue={publicIssue} />;
  const issue = email.data;
  const subject = issue.subject || "No Subject";

  return (
    // Room below the last control (the comment form's Submit) for the phone's bottom bar and desktop's scroll-to-top button.
    <div className={`${frameClass} pb-24 min-[769px]:pb-16`}>
      <div className={`mb-4 flex flex-wrap items-center justify-between gap-2 ${topRowClass}`}>
        <BackToFeed />
        <IssueActions
          email={issue}
          commentsOpen={commentsOpen}
          onToggleComments={() => setCommentsOpen((open) => !open)}
          items={readingItems}
          menuEntries={[themeEntry]}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article aria-label={subject} className="min-w-0 space-y-4">
          <IssueHeader email={issue} />
          {readError !== null && <Alert>{errorMessage(readError, "Failed to mark email as read")}</Alert>}
          <ReadingSurface issue={issue}>
            <div className="overflow-hidden rounded-2xl border border-slate-200 shadow-sm dark:border-slate-800">
              {issue.body_html ? (
                <HighlightableFrame emailId={issue.id} html={issue.body_html} title={`Content of ${subject}`} />
              ) : (
                <HighlightablePlainBody key={issue.id} emailId={issue.id} text={issue.body_plain || "No content available."} />
              )}
            </div>
          </ReadingSurface>
        </article>
        {/* Sticky at desktop width, so what it holds stays where the reader is looking; it scrolls on its own when taller. */}
        <aside
          id="issue-sidebar"
          aria-label="About this issue"
          className="min-w-0 space-y-4 lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)] lg:self-start lg:overflow-y-auto"
        >
          {/* Comments come first once asked for: pressed at the top of the page, they open in view. */}
          {commentsOpen && <CommentsPanel emailId={issue.id} />}
          {issue.email_summary && (
            <section
              aria-labelledby="summary-title"
              className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <h2 id="summary-title" className="mb-2 font-semibold text-slate-900 dark:text-white">
                Summary
              </h2>
              <p id="issue-summary" className="break-words text-sm text-slate-600 dark:text-slate-300">
                {issue.email_summary}
              </p>
            </section>
          )}
          <SidebarPanels emailId={issue.id} newsletterId={issue.newsletter_metadata_id ?? null} recent={!commentsOpen} />
        </aside>
      </div>
      <ScrollTopButton />
    </div>
  );
}
