"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { feedFromParams, feedToParams, type FeedState } from "./feed-query";

/** The feed's controls live in the URL, so a reload or the back button returns to the same view. */
export function useFeedState() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = useMemo(() => feedFromParams(new URLSearchParams(searchParams.toString())), [searchParams]);

  const navigate = useCallback(
    (next: FeedState, mode: "push" | "replace") => {
      const query = feedToParams(next).toString();
      const url = query ? `${pathname}?${query}` : pathname;
      if (mode === "push") router.push(url, { scroll: false });
      else router.replace(url, { scroll: false });
    },
    [pathname, router],
  );

  return { state, navigate };
}
