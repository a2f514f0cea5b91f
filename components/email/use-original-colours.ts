"use client";

import { useCallback, useSyncExternalStore } from "react";
import { ORIGINAL_COLOURS, ORIGINAL_COLOURS_STORAGE_KEY } from "@/lib/theme/issue-colours";

// Kept in the browser as the theme is (docs/spec.md section 4): the choice goes with the theme it qualifies.
const listeners = new Set<() => void>();
// Where storage is refused (private windows), the choice holds for this visit only.
let unstoredChoice = false;

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

function chosen(): boolean {
  try {
    return localStorage.getItem(ORIGINAL_COLOURS_STORAGE_KEY) === ORIGINAL_COLOURS;
  } catch {
    return unstoredChoice;
  }
}

/** Whether the reader chose the sender's original colours over the dark theme's, and the switch. */
export function useOriginalColours(): [boolean, (original: boolean) => void] {
  const original = useSyncExternalStore(subscribe, chosen, () => false);
  const choose = useCallback((next: boolean) => {
    unstoredChoice = next;
    try {
      if (next) localStorage.setItem(ORIGINAL_COLOURS_STORAGE_KEY, ORIGINAL_COLOURS);
      else localStorage.removeItem(ORIGINAL_COLOURS_STORAGE_KEY);
    } catch {
      // Refused: unstoredChoice holds it.
    }
    for (const listener of listeners) listener();
  }, []);
  return [original, choose];
}
