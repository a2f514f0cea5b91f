"use client";

import { ApiError, errorMessage } from "@/lib/api/client";
import { useFollowFeed } from "@/lib/client/feeds-in";
import type { Newsletter } from "@/lib/client/newsletters";
import { buttonClass } from "../ui/button";

/**
 * "Follow by feed" beside Subscribe, for a newsletter whose site publishes a feed (docs/contract.md 8.5): its
 * archive is filed at once and new issues follow, with no address given to the sender.
 */
export function FollowFeedButton({ newsletter, feedUrl }: { newsletter: Newsletter; feedUrl: string }) {
  const follow = useFollowFeed();
  // Followed before (here or in Settings) is followed all the same.
  const following = follow.isSuccess || (follow.error instanceof ApiError && follow.error.status === 409);
  if (following) {
    return (
      <p
        role="status"
        className="relative z-10 w-full rounded-lg bg-emerald-50 py-2 text-center text-sm font-semibold text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300"
      >
        Following its feed
      </p>
    );
  }
  return (
    <div className="relative z-10 w-full space-y-1">
      <button
        type="button"
        onClick={() => follow.mutate(feedUrl)}
        disabled={follow.isPending}
        className={buttonClass("secondary", "w-full py-2")}
      >
        {follow.isPending ? (
          "Following..."
        ) : (
          <>
            Follow<span className="sr-only"> {newsletter.name}</span> by feed
          </>
        )}
      </button>
      {follow.isError && (
        <p role="alert" className="text-xs text-rose-600 dark:text-rose-400">
          {errorMessage(follow.error, "Failed to follow the feed")}
        </p>
      )}
    </div>
  );
}
