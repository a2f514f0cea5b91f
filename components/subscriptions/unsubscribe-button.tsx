"use client";

import { useUnsubscribe, type LeaveResult, type Subscription } from "@/lib/subscriptions/hooks";
import { raiseAlert } from "../ui/alert";
import { buttonClass } from "../ui/button";

/**
 * Whether the reader can leave: subscribed, or mailed by a newsletter they never confirmed (mail files
 * such a subscription inactive, with no date). Once left, Subscribe is the way back.
 */
export function canUnsubscribe(subscription: Pick<Subscription, "status" | "unsubscribed_at"> | null | undefined): boolean {
  if (!subscription) return false;
  return subscription.status === "active" || subscription.unsubscribed_at === null;
}

type Props = {
  subscription: Subscription;
  onUnsubscribed: (result: LeaveResult) => void;
  onFailure: (message: string) => void;
  className?: string;
};

/** Unsubscribes for real (docs/contract.md 6.2) after the reader confirms, whether or not they ever subscribed here. */
export function UnsubscribeButton({ subscription, onUnsubscribed, onFailure, className = "" }: Props) {
  const leave = useUnsubscribe();
  const unsubscribe = () => {
    if (!window.confirm("Are you sure you want to unsubscribe?")) return;
    leave.mutate(subscription, { onSuccess: onUnsubscribed, onError: () => onFailure(raiseAlert("Failed to unsubscribe.")) });
  };
  return (
    <button type="button" onClick={unsubscribe} disabled={leave.isPending} className={buttonClass("secondary", className)}>
      {leave.isPending ? "Updating..." : "Unsubscribe"}
    </button>
  );
}
