"use client";

import { errorMessage } from "@/lib/api/client";
import { useMarkRead, type Email } from "@/lib/issues/hooks";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { ExternalLinkIcon } from "../ui/reader-icons";

/** A subscription or forwarding confirmation waiting for the reader; dismissing marks it read. */
export function ConfirmationCard({ email }: { email: Email }) {
  const markRead = useMarkRead();
  const subject = email.subject || "No Subject";
  return (
    <article
      aria-label={`Pending confirmation: ${subject}`}
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center dark:border-amber-800 dark:bg-amber-950/50"
    >
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-amber-700 dark:text-amber-300">Confirmation pending</p>
        <h3 className="mt-1 break-words font-semibold text-slate-900 dark:text-white">{subject}</h3>
        <p className="mt-1 break-words text-sm text-slate-700 dark:text-slate-300">
          {email.sender_name || "Unknown Sender"}
          {email.email_summary ? ` · ${email.email_summary}` : ""}
        </p>
        {markRead.isError && <Alert className="mt-2">{errorMessage(markRead.error, "Failed to mark email as read")}</Alert>}
      </div>
      <div className="flex shrink-0 gap-2">
        {email.confirmation_url && (
          <a href={email.confirmation_url} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")}>
            Confirm
            <ExternalLinkIcon width={16} height={16} />
          </a>
        )}
        <button
          type="button"
          onClick={() => markRead.mutate({ id: email.id })}
          disabled={markRead.isPending}
          className={buttonClass("secondary")}
        >
          Dismiss
        </button>
      </div>
    </article>
  );
}
