"use client";

import { useRouter } from "next/navigation";
import { rememberedFeedUrl } from "../feed/feed-return";
import { buttonClass } from "../ui/button";
import { ChevronLeftIcon } from "../ui/icons";

/** SPEC.md section 2: a 'Back to Feed' button; it returns to the feed page and filters last seen. */
export function BackToFeed() {
  const router = useRouter();
  return (
    <button type="button" onClick={() => router.push(rememberedFeedUrl())} className={buttonClass("ghost", "-ml-2 px-2")}>
      <ChevronLeftIcon />
      Back to Feed
    </button>
  );
}
