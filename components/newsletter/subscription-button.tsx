"use client";

import type { Newsletter } from "@/lib/newsletters/hooks";
import { useSubscriptionTo, useUnsubscribe, type LeaveResult } from "@/lib/subscriptions/hooks";
import { raiseAlert } from "../ui/alert";
import { buttonClass } from "../ui/button";

type Props = {
  newsletter: Newsletter;
  onSubscribe: () => void;
  onUnsubscribed: (result: LeaveResult) => void;
  onFailure: (message: string) => void;
};

/** Subscribe through the copy-and-confirm flow, or unsubscribe for real after the reader confirms. */
export function SubscriptionButton({ newsletter, onSubscribe, onUnsubscribed, onFailure }: Props) {
  const subscription = useSubscriptionTo(newsletter.id);
  const leave = useUnsubscribe();

  const active = subscription.data?.status === "active" ? subscription.data : null;
  if (active) {
    const unsubscribe = () => {
      if (!window.confirm("Are you sure you want to unsubscribe?")) return;
      leave.mutate(active, { onSuccess: onUnsubscribed, onError: () => onFailure(raiseAlert("Failed to unsubscribe.")) });
    };
    return (
      <button type="button" onClick={unsubscribe} disabled={leave.isPending} className={buttonClass("secondary", "w-full sm:w-auto")}>
        {leave.isPending ? "Updating..." : "Unsubscribe"}
      </button>
    );
  }
  return (
    <button type="button" onClick={onSubscribe} disabled={subscription.isPending} className={buttonClass("primary", "w-full sm:w-auto")}>
      Subscribe
    </button>
  );
}
