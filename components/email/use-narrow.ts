"use client";

import { useSyncExternalStore } from "react";

const NARROW = "(max-width: 768px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** docs/spec.md section 2: the layout is "mobile" at 768 px or less. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
