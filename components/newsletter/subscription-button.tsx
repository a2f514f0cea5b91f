"use client";

import type { Newsletter } from "@/lib/client/newsletters";
import { useSubscriptionTo, type LeaveResult } from "@/lib/client/subscriptions";
import { canUnsubscribe, isUnconfirmed, UnsubscribeButton, useUnsubscribeAction } from "../subscriptions/unsubscribe-button";
import { buttonClass } from "../ui/button";

type Props = {
  newsletter: Newsletter;
  onSubscribe: () => void;
  onUnsubscribed: (result: LeaveResult) => void;
  onFailure: (message: string) => void;
};

/**
 * Subscribe through the copy-and-confirm flow, or unsubscribe for real after the reader confirms; a
 * newsletter that mails the reader without their confirming offers both.
 */
export function SubscriptionButton({ newsletter, onSubscribe, onUnsubscribed, onFailure }: Props) {
  const subscription = useSubscriptionTo(newsletter.id);
  const leave = useUnsubscribeAction(onUnsubscribed, onFailure);
  const current = subscription.data;
  const active = current?.status === "active";
  return (
    <div className="flex w-full gap-2 sm:w-auto">
      {!active && (
        <button
          type="button"
          onClick={onSubscribe}
          disabled={subscription.isPending}
          className={buttonClass("primary", "flex-1 sm:flex-none")}
        >
          Subscribe
        </button>
      )}
      {current && canUnsubscribe(current) && (
        <UnsubscribeButton
          onClick={() => leave.unsubscribe(current)}
          pending={leave.pending}
          quiet={isUnconfirmed(current)}
          className="flex-1 sm:flex-none"
        />
      )}
    </div>
  );
}
