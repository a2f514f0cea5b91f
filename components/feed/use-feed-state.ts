"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { feedFromParams, feedToParams, type FeedState } from "./feed-query";

export type FeedUpdate = (current: FeedState) => FeedState;

/**
 * The feed's controls live in the URL, so a reload or the back button returns to the same view.
 * The URL lags a navigation by a render, so quick successive changes build on the pending state.
 */
export function useFeedState() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = useMemo(() => feedFromParams(new URLSearchParams(searchParams.toString())), [searchParams]);
  const pending = useRef<string | null>(null);

  useEffect(() => {
    pending.current = null;
  }, [searchParams]);

  const update = useCallback(
    (change: FeedUpdate, mode: "push" | "replace") => {
      const base = pending.current === null ? state : feedFromParams(new URLSearchParams(pending.current));
      const query = feedToParams(change(base)).toString();
      pending.current = query;
      const url = query ? `${pathname}?${query}` : pathname;
      if (mode === "push") router.push(url, { scroll: false });
      else router.replace(url, { scroll: false });
    },
    [pathname, router, state],
  );

  return { state, update };
}
