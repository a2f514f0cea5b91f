"use client";

import type { Newsletter } from "@/lib/newsletters/hooks";
import { useSetSubscriptionStatus, useSubscriptionTo } from "@/lib/subscriptions/hooks";
import { raiseAlert } from "../ui/alert";
import { buttonClass } from "../ui/button";

/** Subscribe through the copy-and-confirm flow, or unsubscribe after the reader confirms. */
export function SubscriptionButton({ newsletter, onSubscribe, onFailure }: { newsletter: Newsletter; onSubscribe: () => void; onFailure: (message: string) => void }) {
  const subscription = useSubscriptionTo(newsletter.id);
  const setStatus = useSetSubscriptionStatus();

  if (subscription.data?.status === "active") {
    const unsubscribe = () => {
      if (!window.confirm("Are you sure you want to unsubscribe?")) return;
      setStatus.mutate({ newsletterId: newsletter.id, status: "inactive" }, { onError: () => onFailure(raiseAlert("Failed to unsubscribe.")) });
    };
    return (
      <button type="button" onClick={unsubscribe} disabled={setStatus.isPending} className={buttonClass("secondary", "w-full sm:w-auto")}>
        {setStatus.isPending ? "Updating..." : "Unsubscribe"}
      </button>
    );
  }
  return (
    <button type="button" onClick={onSubscribe} disabled={subscription.isPending} className={buttonClass("primary", "w-full sm:w-auto")}>
      Subscribe
    </button>
  );
}
