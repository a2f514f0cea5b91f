"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { rememberedFeedUrl } from "../feed/feed-return";
import { buttonClass } from "../ui/button";
import { ChevronLeftIcon } from "../ui/icons";

const noSubscription = () => () => {};

export function BackToFeed() {
  // Session storage exists only in the browser; the server and first paint use the plain feed.
  const href = useSyncExternalStore(noSubscription, rememberedFeedUrl, () => "/feed");
  return (
    <Link href={href} className={buttonClass("ghost", "-ml-2 px-2")}>
      <ChevronLeftIcon />
      Back to Feed
    </Link>
  );
}
