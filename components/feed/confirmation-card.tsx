"use client";

import { errorMessage } from "@/lib/api/client";
import { useMarkRead, type Email } from "@/lib/client/issues";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { ExternalLinkIcon } from "../ui/reader-icons";

/** A subscription or forwarding confirmation waiting for the reader, one line of the feed's strip; dismissing marks it read. */
export function ConfirmationCard({ email }: { email: Email }) {
  const markRead = useMarkRead();
  const subject = email.subject || "No Subject";
  return (
    <article aria-label={`Pending confirmation: ${subject}`} className="px-3 py-2">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900 dark:text-white">
            <span className="mr-2 hidden text-xs font-semibold uppercase tracking-wide text-amber-700 sm:inline dark:text-amber-300">
              Confirmation pending
            </span>
            {subject}
          </p>
          <p className="truncate text-xs text-slate-600 dark:text-slate-400">{email.sender_name || "Unknown Sender"}</p>
        </div>
        {email.confirmation_url && (
          <a
            href={email.confirmation_url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("primary", "h-8 shrink-0 gap-1 px-3 py-0")}
          >
            Confirm
            <ExternalLinkIcon width={14} height={14} />
          </a>
        )}
        <button
          type="button"
          onClick={() => markRead.mutate({ id: email.id })}
          disabled={markRead.isPending}
          className={buttonClass("secondary", "h-8 shrink-0 px-3 py-0")}
        >
          Dismiss
        </button>
      </div>
      {markRead.isError && <Alert className="mt-2">{errorMessage(markRead.error, "Failed to mark email as read")}</Alert>}
    </article>
  );
}
