"use client";

import { useEffect } from "react";
import { sendReadDuration, useMarkRead } from "@/lib/issues/hooks";

/**
 * Marks the issue read once it is shown, then reports the seconds it was visible when the
 * reader leaves: another route, a hidden tab, or a closing one. Answers why marking it read failed, if it did.
 */
export function useReadTracking(emailId: number, ready: boolean): unknown {
  const { mutate: markRead, error } = useMarkRead();

  useEffect(() => {
    if (ready) markRead({ id: emailId });
  }, [ready, emailId, markRead]);

  useEffect(() => {
    if (!ready) return;
    let started: number | null = document.visibilityState === "visible" ? Date.now() : null;
    const flush = () => {
      if (started === null) return;
      sendReadDuration(emailId, (Date.now() - started) / 1000);
      started = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
      else started ??= Date.now();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", flush);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [ready, emailId]);

  return error;
}
