"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type KeyboardEvent, type MouseEvent } from "react";
import { formatShortDate } from "@/lib/format/date";
import { readTimeLabel } from "@/lib/format/read-time";
import type { Email } from "@/lib/client/issues";
import { useSubscribeFlow } from "../newsletter/subscribe-flow";
import { Alert } from "../ui/alert";
import { BadgeCheckIcon } from "../ui/reader-icons";
import { EmailActions } from "./email-actions";
import { EmailThumbnail } from "./email-thumbnail";
import { FolderModal } from "./folder-modal";
import { ReadProgress } from "./read-progress";
import { ShareModal } from "./share-modal";
import { SubscribeModal } from "./subscribe-modal";
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

  return (
    <>
      <article
        id={cardId}
        aria-label={subject}
        aria-current={current || undefined}
        // Focusable by script (j and k) everywhere; in the tab order only on a phone, where the card is the target
        // (docs/spec.md section 2); at desktop width its title link is.
        tabIndex={narrow ? 0 : cardId ? -1 : undefined}
        onKeyDown={narrow ? onKeyDown : undefined}
        onClick={onClick}
        className={`group flex h-full min-w-0 cursor-pointer gap-3 overflow-hidden rounded-xl border bg-white p-3 shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 sm:p-4 dark:bg-slate-900 ${
          unread
            ? "border-slate-200 border-l-4 border-l-indigo-500 dark:border-slate-800 dark:border-l-indigo-400"
            : "border-slate-200 dark:border-slate-800"
        } ${current ? "ring-2 ring-indigo-500 ring-offset-2 ring-offset-slate-50 dark:ring-offset-slate-950" : ""}`}
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-start gap-2">
            <Title
              className={`min-w-0 flex-1 text-base leading-snug ${
                unread ? "font-bold text-slate-950 dark:text-white" : "font-medium text-slate-700 dark:text-slate-300"
              }`}
            >
              <Link
                href={href}
                className="break-words rounded hover:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:text-indigo-300"
              >
                {subject}
              </Link>
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
          <p className="flex min-w-0 items-baseline gap-1 text-sm text-slate-600 dark:text-slate-300">
            <span className="truncate">{sender}</span>
            <span aria-hidden="true">·</span>
            <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
              <time dateTime={email.date_received ?? undefined}>{formatShortDate(email.date_received)}</time>
              <span aria-hidden="true"> · </span>
              {readTimeLabel(email.time_to_read)}
              <ReadProgress fraction={email.read_progress} />
            </span>
          </p>
          <p className="line-clamp-2 break-words text-sm text-slate-500 dark:text-slate-400">
            {email.email_summary || "No summary available."}
          </p>
          <div className="mt-auto flex items-center justify-between gap-2">
            {unread ? (
              <span className="rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
                Unread
              </span>
            ) : (
              <span />
            )}
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
          {problem && <Alert>{problem}</Alert>}
          {signUp.notice && <Alert tone={signUp.notice.tone}>{signUp.notice.text}</Alert>}
        </div>
        {email.thumbnail_image_url && (
          <EmailThumbnail
            // Through this server's image proxy: the sender's host never learns the feed was opened.
            src={`/img/thumbnail/${email.id}`}
            className={layout === "row" ? "h-20 w-20 sm:h-24 sm:w-36" : "h-16 w-16 sm:h-20 sm:w-20"}
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
