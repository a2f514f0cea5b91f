"use client";

import { useRouter } from "next/navigation";
import { useState, type KeyboardEvent, type MouseEvent } from "react";
import { formatShortDate } from "@/lib/format/date";
import { readTimeLabel } from "@/lib/format/read-time";
import type { Email } from "@/lib/client/issues";
import { IntentLink } from "../app-shell/intent-link";
import { useSubscribeFlow } from "../newsletter/subscribe-flow";
import { Alert } from "../ui/alert";
import { BadgeCheckIcon } from "../ui/reader-icons";
import { EmailActions } from "./email-actions";
import { EmailThumbnail } from "./email-thumbnail";
import { FolderModal, ShareModal, SubscribeModal } from "./lazy-dialogs";
import { ReadProgress } from "./read-progress";
import { useNarrow } from "./use-narrow";

export type EmailCardLayout = "row" | "tile";
/** The card's title is one level below the heading of the list it is in. */
type TitleLevel = "h3" | "h4";
type Dialog = "folders" | "share" | "subscribe" | null;

// A click on one of these does its own thing, not open the issue.
const OWN_ACTION = "a, button, input, select, textarea, label";

/**
 * One issue in a list, dense enough for several to a screen, with its own like, folder, share and
 * subscription dialogs. A picture, when the issue has one, sits small beside the text ("row", the
 * one-column view, gives it a little more room); a card without one shows none.
 */
export function EmailCard({
  email,
  layout = "tile",
  titleLevel: Title = "h3",
  cardId,
  current = false,
  offerSubscription = !email.is_subscribed && email.kind === "issue",
}: {
  email: Email;
  layout?: EmailCardLayout;
  titleLevel?: TitleLevel;
  /** The card's element id, for the feed's keyboard to focus it. */
  cardId?: string;
  /** The issue the feed's keyboard is on: ringed whether or not it holds focus. */
  current?: boolean;
  /** Whether this card carries its newsletter's confirm-subscription icon (a list shows it once per newsletter). */
  offerSubscription?: boolean;
}) {
  const router = useRouter();
  const narrow = useNarrow();
  const [dialog, setDialog] = useState<Dialog>(null);
  // A failed like or favourite, undone on screen, says so here (docs/spec.md section 8).
  const [problem, setProblem] = useState<string | null>(null);
  const signUp = useSubscribeFlow();
  const href = `/emails/${email.id}`;
  const subject = email.subject || "No Subject";
  const sender = email.sender_name || "Unknown Sender";
  const unread = !email.is_read;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    router.push(href);
  };

  // The whole card is the target: a click anywhere but its own buttons and links opens the issue.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || !(event.target instanceof Element) || event.target.closest(OWN_ACTION)) return;
    // Dragging to select a summary's words is reading, not opening.
    if (window.getSelection()?.toString()) return;
    router.push(href);
  };

  // The issue is fetched ahead once the reader points at its card or the keyboard reaches it, not as soon as the
  // card shows: on sight, each feed view had the server draw every issue it lists (14 a view, 80 ms of its CPU).
  const prefetch = () => router.prefetch(href);

  return (
    <>
      <article
        id={cardId}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-label={subject}
        aria-current={current || undefined}
        // Focusable by script (j and k) everywhere; in the tab order only on a phone, where the card is the target
        // (docs/spec.md section 2); at desktop width its title link is.
        tabIndex={narrow ? 0 : cardId ? -1 : undefined}
        onKeyDown={narrow ? onKeyDown : undefined}
        onClick={onClick}
        className={`group flex h-full min-w-0 cursor-pointer gap-3 overflow-hidden rounded-xl border bg-white p-2.5 shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 sm:p-4 dark:bg-slate-900 ${
          unread
            ? "border-slate-200 border-l-4 border-l-indigo-500 dark:border-slate-800 dark:border-l-indigo-400"
            : "border-slate-200 dark:border-slate-800"
        } ${current ? "ring-2 ring-indigo-500 ring-offset-2 ring-offset-slate-50 dark:ring-offset-slate-950" : ""}`}
      >
        {/* On a phone the actions share the sender's line and the summary takes one line, so a first screen holds six
            or more issues; wider, the summary takes two and the actions sit under it with the Unread mark. */}
        <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] content-start gap-x-2 gap-y-0.5 sm:grid-rows-[auto_auto_auto_1fr] sm:gap-y-1">
          <div className="col-span-2 flex items-start gap-2">
            <Title
              className={`min-w-0 flex-1 text-[15px] leading-5 sm:text-base sm:leading-snug ${
                unread ? "font-bold text-slate-950 dark:text-white" : "font-medium text-slate-700 dark:text-slate-300"
              }`}
            >
              <IntentLink
                href={href}
                className="break-words rounded hover:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:text-indigo-300"
              >
                {subject}
              </IntentLink>
            </Title>
            {offerSubscription && (
              <button
                type="button"
                aria-haspopup="dialog"
                aria-label={`Confirm subscription to ${email.newsletter_metadata?.newsletter_name || sender}`}
                title="Confirm subscription"
                onClick={() => setDialog("subscribe")}
                className="-mr-1 -mt-1 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-amber-600 hover:bg-amber-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-amber-400 dark:hover:bg-amber-950"
              >
                <BadgeCheckIcon width={18} height={18} />
              </button>
            )}
          </div>
          <p className="col-start-1 row-start-2 flex min-w-0 items-baseline gap-1 self-center text-sm text-slate-600 sm:col-span-2 dark:text-slate-300">
            <span className="truncate">{sender}</span>
            <span aria-hidden="true">·</span>
            <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
              <time dateTime={email.date_received ?? undefined}>{formatShortDate(email.date_received)}</time>
              <span className="max-sm:hidden">
                <span aria-hidden="true"> · </span>
                {readTimeLabel(email.time_to_read)}
              </span>
              <ReadProgress fraction={email.read_progress} />
            </span>
          </p>
          <p className="col-span-2 row-start-3 line-clamp-1 break-words text-sm text-slate-500 sm:line-clamp-2 dark:text-slate-400">
            <span className="text-xs sm:hidden">{readTimeLabel(email.time_to_read)} · </span>
            {email.email_summary || "No summary available."}
          </p>
          {unread && (
            // On a phone the bold title and the card's edge show it; the word stays for screen readers.
            <span className="row-start-4 self-end justify-self-start rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-semibold text-indigo-800 max-sm:sr-only dark:bg-indigo-950 dark:text-indigo-200">
              Unread
            </span>
          )}
          <div className="col-start-2 row-start-2 -mr-1 sm:row-start-4 sm:mr-0 sm:self-end">
            <EmailActions
              email={email}
              onBookmark={() => {
                setProblem(null);
                setDialog("folders");
              }}
              onShare={() => setDialog("share")}
              onProblem={setProblem}
            />
          </div>
          {problem && <div className="col-span-2">{<Alert>{problem}</Alert>}</div>}
          {signUp.notice && (
            <div className="col-span-2">
              <Alert tone={signUp.notice.tone}>{signUp.notice.text}</Alert>
            </div>
          )}
        </div>
        {email.thumbnail_image_url && (
          <EmailThumbnail
            // Through this server's image proxy: the sender's host never learns the feed was opened.
            src={`/img/thumbnail/${email.id}`}
            className={layout === "row" ? "h-14 w-14 sm:h-24 sm:w-36" : "h-14 w-14 sm:h-20 sm:w-20"}
          />
        )}
      </article>
      {/* Beside the card, not in it: a click inside a dialog is not a click on the card. */}
      {dialog === "folders" && <FolderModal email={email} onClose={() => setDialog(null)} onFailure={setProblem} />}
      {dialog === "share" && email.public_share_id && (
        <ShareModal subject={subject} publicShareId={email.public_share_id} onClose={() => setDialog(null)} />
      )}
      {dialog === "subscribe" && (
        <SubscribeModal
          email={email}
          onClose={() => setDialog(null)}
          onSignUp={(newsletter) => {
            setDialog(null);
            void signUp.start(newsletter);
          }}
        />
      )}
      {signUp.dialog}
    </>
  );
}
