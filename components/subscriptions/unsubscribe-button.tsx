"use client";

import { useUnsubscribe, type LeaveResult, type Subscription } from "@/lib/client/subscriptions";
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

/**
 * Unsubscribes for real (docs/contract.md 6.2) after the reader confirms, whether or not they ever subscribed
 * here. Held by the card or page, not by the button: the button goes once the reader has left, and the
 * outcome must still reach what shows it.
 */
export function useUnsubscribeAction(onUnsubscribed: (result: LeaveResult) => void, onFailure: (message: string) => void) {
  const leave = useUnsubscribe();
  const unsubscribe = (subscription: Subscription) => {
    if (!window.confirm("Are you sure you want to unsubscribe?")) return;
    leave.mutate(subscription, { onSuccess: onUnsubscribed, onError: () => onFailure(raiseAlert("Failed to unsubscribe.")) });
  };
  return { unsubscribe, pending: leave.isPending };
}

/** Mail filed the subscription and the reader never confirmed it (SPEC's subscription filter calls it Unconfirmed). */
export function isUnconfirmed(subscription: Pick<Subscription, "status" | "unsubscribed_at"> | null | undefined): boolean {
  return subscription?.status === "inactive" && subscription.unsubscribed_at === null;
}

/** `quiet` beside Subscribe on an unconfirmed newsletter, so the card has one clear primary action. */
export function UnsubscribeButton({
  onClick,
  pending,
  className = "",
  quiet = false,
}: {
  onClick: () => void;
  pending: boolean;
  className?: string;
  quiet?: boolean;
}) {
  return (
    <button type="button" onClick={onClick} disabled={pending} className={buttonClass(quiet ? "ghost" : "secondary", className)}>
      {pending ? "Updating..." : "Unsubscribe"}
    </button>
  );
}
