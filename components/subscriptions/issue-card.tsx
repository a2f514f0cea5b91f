"use client";

import Link from "next/link";
import { useState } from "react";
import { formatShortDate } from "@/lib/format/date";
import { useIssueInteraction, type Issue } from "@/lib/subscriptions/hooks";
import { NewsletterAvatar } from "../newsletter/newsletter-avatar";
import { CommentIcon, HeartIcon, ShareIcon, StarIcon } from "./card-icons";

const actionClass =
  "inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm text-slate-600 transition-colors hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-800";

/** An issue in an activity list or folder, with working like, favourite, share and comment. */
export function IssueCard({ issue }: { issue: Issue }) {
  const interact = useIssueInteraction();
  const [shared, setShared] = useState<"copied" | "failed" | null>(null);
  const subject = issue.subject || "No Subject";

  const share = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/issues/share/${issue.public_share_id}`);
      setShared("copied");
    } catch {
      setShared("failed");
    }
  };

  return (
    <article aria-label={subject} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start gap-3">
        <NewsletterAvatar src={issue.newsletter_metadata.logoUrl} name={issue.newsletter_metadata.newsletter_name} className="h-10 w-10 text-sm" />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold leading-snug break-words text-slate-900 dark:text-white">
            <Link href={`/emails/${issue.id}`} className="rounded hover:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:text-indigo-300">
              {subject}
            </Link>
          </h3>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">
            {issue.sender_name || "Unknown Sender"} · {formatShortDate(issue.date_received, "No Date")}
          </p>
        </div>
      </div>
      <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{issue.email_summary || "No summary available."}</p>
      <div className="-ml-2 flex flex-wrap items-center gap-1">
        <button
          type="button"
          aria-pressed={issue.is_liked}
          onClick={() => interact.mutate({ emailId: issue.id, change: { is_liked: !issue.is_liked } })}
          className={`${actionClass} ${issue.is_liked ? "text-rose-600 dark:text-rose-400" : ""}`}
        >
          <HeartIcon filled={issue.is_liked} />
          {issue.is_liked ? "Unlike" : "Like"}
        </button>
        <button
          type="button"
          aria-pressed={issue.is_favorited}
          onClick={() => interact.mutate({ emailId: issue.id, change: { is_favorited: !issue.is_favorited } })}
          className={`${actionClass} ${issue.is_favorited ? "text-amber-600 dark:text-amber-400" : ""}`}
        >
          <StarIcon filled={issue.is_favorited} />
          Favorite
        </button>
        <Link href={`/emails/${issue.id}?showComments=true`} className={actionClass}>
          <CommentIcon />
          Comment
        </Link>
        <button type="button" onClick={share} disabled={!issue.public_share_id} className={actionClass} title={issue.public_share_id ? undefined : "This issue cannot be shared"}>
          <ShareIcon />
          Share
        </button>
        <span role="status" className="text-xs text-slate-500 dark:text-slate-400">
          {shared === "copied" ? "Link copied." : shared === "failed" ? "Could not copy the link." : ""}
        </span>
      </div>
    </article>
  );
}
