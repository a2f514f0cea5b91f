"use client";

import { IntentLink } from "../app-shell/intent-link";
import { useState } from "react";
import { formatShortDate } from "@/lib/format/date";
import { useSetSubscriptionStatus, type LeaveResult, type Subscription } from "@/lib/client/subscriptions";
import { ControlActions } from "../control/control-buttons";
import { NewsletterAvatar } from "../newsletter/newsletter-avatar";
import { raiseAlert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { StillSending } from "./still-sending";
import { canUnsubscribe, isUnconfirmed, UnsubscribeButton, useUnsubscribeAction } from "./unsubscribe-button";
import { UnsubscribeNotice } from "./lazy-unsubscribe-notice";
import { logoPath } from "@/lib/newsletters/logo-path";

/**
 * A subscription with its state: active ones offer Unsubscribe (after a confirm, then for real, saying
 * what happened), inactive ones Subscribe; a newsletter that mails the reader unconfirmed offers Subscribe, with
 * a quieter Unsubscribe beside it.
 */
export function SubscriptionCard({ subscription, onFailure }: { subscription: Subscription; onFailure: (message: string) => void }) {
  const setStatus = useSetSubscriptionStatus();
  const [left, setLeft] = useState<LeaveResult | null>(null);
  const leave = useUnsubscribeAction(setLeft, onFailure);
  const newsletter = subscription.newsletter_metadata;
  const active = subscription.status === "active";
  const unconfirmed = isUnconfirmed(subscription);

  const subscribe = () => {
    setLeft(null);
    setStatus.mutate(
      { newsletterId: subscription.newsletterId, status: "active" },
      { onError: () => onFailure(raiseAlert("Failed to subscribe.")) },
    );
  };

  return (
    <article
      aria-label={newsletter.name}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <NewsletterAvatar src={logoPath(newsletter.id, newsletter.logoUrl)} name={newsletter.name} />
          <div className="min-w-0">
            <h4 className="truncate font-semibold text-slate-900 dark:text-white">
              <IntentLink
                href={`/newsletter/${newsletter.id}`}
                className="rounded hover:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:text-indigo-300"
              >
                {newsletter.name}
              </IntentLink>
            </h4>
            <p className="truncate text-sm text-slate-500 dark:text-slate-400">{newsletter.publisher}</p>
            <p
              className={`text-xs ${active ? "text-emerald-700 dark:text-emerald-400" : unconfirmed ? "text-amber-700 dark:text-amber-300" : "text-slate-500 dark:text-slate-400"}`}
            >
              {statusLine(subscription)}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          {!active && (
            <button type="button" onClick={subscribe} disabled={setStatus.isPending} className={buttonClass("primary", "flex-1 sm:w-36")}>
              {setStatus.isPending ? "Updating..." : "Subscribe"}
            </button>
          )}
          {canUnsubscribe(subscription) && (
            <UnsubscribeButton
              onClick={() => leave.unsubscribe(subscription)}
              pending={leave.pending}
              quiet={isUnconfirmed(subscription)}
              className="flex-1 sm:w-36"
            />
          )}
        </div>
      </div>
      <ControlActions
        newsletterId={subscription.newsletterId}
        newsletterName={newsletter.name}
        offerBlock={!subscription.sending_after_unsubscribe}
      />
      {left && <UnsubscribeNotice result={left} name={newsletter.name} />}
      {subscription.sending_after_unsubscribe && <StillSending subscription={subscription} />}
    </article>
  );
}

/** docs/spec.md: 'Subscribed: {date}' or 'Unsubscribed: {date}'; one that mail filed and the reader never confirmed is Unconfirmed. */
function statusLine(subscription: Subscription): string {
  if (subscription.status === "active") return `Subscribed: ${formatShortDate(subscription.subscribed_at, "Unknown")}`;
  if (isUnconfirmed(subscription)) return "Unconfirmed";
  return `Unsubscribed: ${formatShortDate(subscription.unsubscribed_at, "Unknown")}`;
}
