"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { emailKeys } from "@/lib/client/query-keys";
import { sendReadDuration, useMarkRead, type EmailDetail } from "@/lib/client/issues";

/**
 * Marks the issue read once it is shown, then reports the seconds it was visible when the
 * reader leaves: another route, a hidden tab, or a closing one. Answers why marking it read failed, if it did.
 */
export function useReadTracking(emailId: number, ready: boolean): unknown {
  const { mutate: markRead, error } = useMarkRead();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (ready) markRead({ id: emailId });
  }, [ready, emailId, markRead]);

  useEffect(() => {
    if (!ready) return;
    let started: number | null = document.visibilityState === "visible" ? Date.now() : null;
    const flush = () => {
      if (started === null) return;
      // Reporting the time marks the issue read: one the reader marked unread here (the m key) stays unread.
      const markedUnread = queryClient.getQueryData<EmailDetail>(emailKeys.detail(emailId))?.is_read === false;
      if (!markedUnread) sendReadDuration(emailId, (Date.now() - started) / 1000);
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
  }, [ready, emailId, queryClient]);

  return error;
}
