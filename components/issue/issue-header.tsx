"use client";

import Link from "next/link";
import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { formatDateTime } from "@/lib/format/date";
import type { EmailDetail } from "@/lib/issues/hooks";
import { useSubscribe, useSubscriptions } from "@/lib/subscriptions/hooks";
import { MISSING_ID_MESSAGE } from "../email/subscribe-modal";
import { Alert, raiseAlert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { BadgeCheckIcon } from "../ui/reader-icons";
import { BackToFeed } from "./back-to-feed";
import { SenderVerification } from "./sender-verification";

export function IssueHeader({ email }: { email: EmailDetail }) {
  const subscriptions = useSubscriptions();
  const subscribe = useSubscribe();
  const [problem, setProblem] = useState<string | null>(null);
  const newsletterId = email.newsletter_metadata_id;
  const unconfirmed =
    subscriptions.isSuccess && !subscriptions.data.some((item) => item.newsletterId === newsletterId && item.status === "active");
  const sender = email.sender_name || "Unknown Sender";

  const confirm = () => {
    if (!newsletterId) return setProblem(raiseAlert(MISSING_ID_MESSAGE));
    setProblem(null);
    subscribe.mutate(newsletterId, { onError: (error) => setProblem(raiseAlert(errorMessage(error, "Failed to subscribe."))) });
  };

  return (
    <header className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackToFeed />
        {unconfirmed && (
          <button type="button" onClick={confirm} disabled={subscribe.isPending} className={buttonClass("secondary")}>
            <BadgeCheckIcon width={18} height={18} />
            {subscribe.isPending ? "Subscribing..." : "Confirm Subscription"}
          </button>
        )}
      </div>
      {problem && <Alert>{problem}</Alert>}
      <div>
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {email.subject || "No Subject"}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-2 text-sm text-slate-600 dark:text-slate-300">
          {newsletterId ? (
            <Link
              href={`/newsletter/${newsletterId}`}
              className="min-w-0 font-medium wrap-anywhere text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
            >
              {sender}
            </Link>
          ) : (
            <span className="min-w-0 font-medium wrap-anywhere">{sender}</span>
          )}
          <span aria-hidden="true">·</span>
          <time dateTime={email.date_received ?? undefined}>{formatDateTime(email.date_received)}</time>
        </p>
        <SenderVerification email={email} />
      </div>
    </header>
  );
}
