"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type RefObject } from "react";
import { apiFetch } from "@/lib/api/client";
import { patchCachedEmails } from "@/lib/client/issues";

const SAVE_EVERY_MS = 2_000;
const RESTORE_FOR_MS = 5_000;
// How long "Resumed where you left off" stays.
const RESUMED_FOR_MS = 6_000;

/** How far down the text the bottom of the window is: 0 before it starts, 1 once its end is in view. */
function fractionOf(element: HTMLElement): number {
  const box = element.getBoundingClientRect();
  if (box.height <= 0) return 0;
  return Math.min(1, Math.max(0, (window.innerHeight - box.top) / box.height));
}

/** The reader's place, or 0 while the text's top is still in view: a place on the first screen is no place to resume. */
function placeOf(element: HTMLElement): number {
  return element.getBoundingClientRect().top < 0 ? fractionOf(element) : 0;
}

/** The window's scroll position that shows the text down to `fraction`: fractionOf's inverse. */
function scrollFor(element: HTMLElement, fraction: number): number {
  const box = element.getBoundingClientRect();
  return Math.max(0, window.scrollY + box.top + fraction * box.height - window.innerHeight);
}

function send(emailId: number, fraction: number, keepalive: boolean) {
  // Rounded: the feed shows whole percents, and a float4 keeps no more anyway.
  const body = { fraction: Math.round(fraction * 1000) / 1000 };
  void apiFetch(`/api/issues/${emailId}/progress`, { method: "PUT", body, keepalive }).catch(() => undefined);
}

/**
 * Keeps the reader's place in the issue whose text is `text` (docs/contract.md 7.3): it reopens there,
 * following the text while the frame and its images grow until the reader scrolls, and the place is
 * saved as they scroll (every 2 s at most) and once more as they leave, with a keepalive request.
 * Only a copy of the reader's own has a place to keep (`enabled`).
 *
 * It resumes only a place past the text's top (the title stays in view otherwise), and says so: `resumed` is
 * true for a few seconds, and `toTop` goes back to the start.
 */
export function useReadingProgress(
  text: RefObject<HTMLElement | null>,
  emailId: number,
  saved: number | null,
  enabled: boolean,
): { resumed: boolean; toTop: () => void } {
  const queryClient = useQueryClient();
  const [initial] = useState(saved);
  const [resumed, setResumed] = useState(false);

  useEffect(() => {
    if (!resumed) return;
    const timer = window.setTimeout(() => setResumed(false), RESUMED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [resumed]);

  useEffect(() => {
    const element = text.current;
    if (!enabled || !element || initial === null || initial <= 0 || initial >= 1) return;
    let expected: number | null = null;
    let said: number | null = null;
    const restore = () => {
      const target = scrollFor(element, initial);
      // A place whose text top would still be in view is no place to resume (saved before such places stopped
      // counting): the page opens at its top. The frame may grow past it yet, and then it resumes.
      if (target <= window.scrollY + element.getBoundingClientRect().top) return;
      expected = target;
      window.scrollTo({ top: expected, behavior: "instant" });
      // Said once the place is shown, with the next frame.
      said ??= window.requestAnimationFrame(() => setResumed(true));
    };
    // A scroll that is not ours is the reader's: from then on the page is theirs.
    const onScroll = () => {
      if (Math.abs(window.scrollY - (expected ?? 0)) > 2) finish();
    };
    const observer = new ResizeObserver(restore);
    const timer = window.setTimeout(() => finish(), RESTORE_FOR_MS);
    function finish() {
      observer.disconnect();
      window.clearTimeout(timer);
      window.removeEventListener("scroll", onScroll);
    }
    observer.observe(element);
    window.addEventListener("scroll", onScroll, { passive: true });
    restore();
    return () => {
      if (said !== null) window.cancelAnimationFrame(said);
      finish();
    };
  }, [text, initial, enabled]);

  useEffect(() => {
    const element = text.current;
    if (!enabled || !element) return;
    let pending: number | null = null;
    let timer: number | null = null;
    const flush = (keepalive: boolean) => {
      if (timer !== null) window.clearTimeout(timer);
      timer = null;
      if (pending === null) return;
      send(emailId, pending, keepalive);
      const fraction = pending;
      patchCachedEmails(queryClient, (email) => email.id === emailId, { read_progress: fraction });
      pending = null;
    };
    const onScroll = () => {
      pending = placeOf(element);
      timer ??= window.setTimeout(() => flush(false), SAVE_EVERY_MS);
    };
    const onLeave = () => flush(true);
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush(true);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", onLeave);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", onLeave);
      document.removeEventListener("visibilitychange", onVisibility);
      flush(true);
    };
  }, [text, emailId, enabled, queryClient]);

  const toTop = () => {
    setResumed(false);
    window.scrollTo({ top: 0, behavior: "instant" });
  };
  return { resumed, toTop };
}
