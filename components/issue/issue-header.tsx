"use client";

import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { formatDateTime } from "@/lib/format/date";
import type { EmailDetail } from "@/lib/client/issues";
import { useSubscribe, useSubscriptions, type LeaveResult } from "@/lib/client/subscriptions";
import { IntentLink } from "../app-shell/intent-link";
import { MISSING_ID_MESSAGE } from "../email/subscribe-messages";
import { canUnsubscribe, UnsubscribeButton, useUnsubscribeAction } from "../subscriptions/unsubscribe-button";
import { UnsubscribeNotice } from "../subscriptions/lazy-unsubscribe-notice";
import { Alert, raiseAlert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { BadgeCheckIcon } from "../ui/reader-icons";
import { SenderVerification } from "./sender-verification";

export function IssueHeader({ email }: { email: EmailDetail }) {
  const subscriptions = useSubscriptions();
  const subscribe = useSubscribe();
  const [problem, setProblem] = useState<string | null>(null);
  const [left, setLeft] = useState<LeaveResult | null>(null);
  const leave = useUnsubscribeAction((result) => {
    setProblem(null);
    setLeft(result);
  }, setProblem);
  const newsletterId = email.newsletter_metadata_id;
  const subscription = subscriptions.data?.find((item) => item.newsletterId === newsletterId);
  const unconfirmed = subscriptions.isSuccess && subscription?.status !== "active";
  const sender = email.sender_name || "Unknown Sender";

  const confirm = () => {
    if (!newsletterId) return setProblem(raiseAlert(MISSING_ID_MESSAGE));
    setProblem(null);
    setLeft(null);
    subscribe.mutate(newsletterId, { onError: (error) => setProblem(raiseAlert(errorMessage(error, "Failed to subscribe."))) });
  };

  return (
    <header className="space-y-2">
      <h1 className="break-words text-xl font-bold tracking-tight text-slate-900 sm:text-2xl dark:text-white">
        {email.subject || "No Subject"}
      </h1>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600 dark:text-slate-300">
            {newsletterId ? (
              <IntentLink
                href={`/newsletter/${newsletterId}`}
                className="min-w-0 font-medium wrap-anywhere text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
              >
                {sender}
              </IntentLink>
            ) : (
              <span className="min-w-0 font-medium wrap-anywhere">{sender}</span>
            )}
            <span aria-hidden="true">·</span>
            <time dateTime={email.date_received ?? undefined}>{formatDateTime(email.date_received)}</time>
          </p>
          <SenderVerification email={email} />
        </div>
        <div className="flex flex-wrap gap-2">
          {unconfirmed && (
            <button type="button" onClick={confirm} disabled={subscribe.isPending} className={buttonClass("primary", "px-3 py-1.5")}>
              <BadgeCheckIcon width={18} height={18} />
              {subscribe.isPending ? "Subscribing..." : "Confirm Subscription"}
            </button>
          )}
          {/* Leaving is one step away on every issue, whether or not the reader ever confirmed. */}
          {subscription && canUnsubscribe(subscription) && (
            <UnsubscribeButton onClick={() => leave.unsubscribe(subscription)} pending={leave.pending} quiet={unconfirmed} />
          )}
        </div>
      </div>
      {problem && <Alert>{problem}</Alert>}
      {left && <UnsubscribeNotice result={left} name={email.newsletter_metadata?.newsletter_name || sender} />}
    </header>
  );
}
