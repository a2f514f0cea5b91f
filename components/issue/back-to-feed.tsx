"use client";

import { useRouter } from "next/navigation";
import { markReturnToFeed, rememberedFeedUrl } from "../feed/feed-return";
import { buttonClass } from "../ui/button";
import { ChevronLeftIcon } from "../ui/icons";

/** Back to the feed page and filters last seen, where the reader left it (scroll and selected issue). */
export function useReturnToFeed() {
  const router = useRouter();
  return (options: { focusSearch?: boolean } = {}) => {
    markReturnToFeed(options);
    // The feed restores its own scroll position; Next.js would scroll it to the top.
    router.push(rememberedFeedUrl(), { scroll: false });
  };
}

/** docs/spec.md section 2: a 'Back to Feed' button; it returns to the feed page and filters last seen. */
export function BackToFeed() {
  const returnToFeed = useReturnToFeed();
  return (
    <button type="button" onClick={() => returnToFeed()} className={buttonClass("ghost", "-ml-2 px-2")}>
      <ChevronLeftIcon />
      Back to Feed
    </button>
  );
}
