"use client";

import { useBlockNewsletterSender } from "@/lib/client/block-newsletter-sender";
import type { Subscription } from "@/lib/client/subscriptions";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";

/** A sender that ignored the unsubscribe: said plainly, with the way to stop its mail reaching the reader. */
export function StillSending({ subscription }: { subscription: Subscription }) {
  const block = useBlockNewsletterSender();
  const name = subscription.newsletter_metadata.name;
  if (block.isSuccess) {
    return <Alert tone="success">Blocked {block.data}. Its mail will no longer reach your feed.</Alert>;
  }
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:flex-row sm:items-center dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
      <p className="flex-1">{name} is still sending after you unsubscribed.</p>
      <button
        type="button"
        onClick={() => block.mutate(subscription.newsletterId)}
        disabled={block.isPending}
        className={buttonClass("secondary", "shrink-0")}
      >
        {block.isPending ? "Blocking..." : "Block sender"}
      </button>
      {block.isError && <p role="alert">Could not block the sender. Please try again.</p>}
    </div>
  );
}
