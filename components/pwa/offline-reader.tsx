"use client";

import { useQueryClient } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";
import { emailKeys } from "@/lib/client/issues";
import { fetchedUrls, tellWorker, workerReady } from "@/lib/pwa/client";

// After the feed's last answer, how long the page waits before asking the worker to keep it: its reads,
// thumbnails included, have finished by then and a burst of answers is kept once.
const KEEP_DELAY_MS = 1_500;

function subscribe(notify: () => void): () => void {
  window.addEventListener("online", notify);
  window.addEventListener("offline", notify);
  return () => {
    window.removeEventListener("online", notify);
    window.removeEventListener("offline", notify);
  };
}

/** Whether the browser has a network; true while rendering on the server. */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The signed-in reader's offline reading (docs/contract.md 7.5): tells the worker who reads here (another reader's
 * copies go), has it keep the feed each time the feed page is shown online, sends the changes made offline
 * once the network is back, and says so while the app is offline.
 */
export function OfflineReader({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const pathname = usePathname();
  const online = useOnline();

  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    void workerReady()
      .then(() => tellWorker({ type: "paperboy:reader", id: userId }))
      .then(() => tellWorker({ type: "paperboy:replay" }))
      // What was queued has reached the server: what the page shows is read again from it.
      .then(() => {
        if (!cancelled) void queryClient.invalidateQueries({ queryKey: emailKeys.all });
      });
    return () => {
      cancelled = true;
    };
  }, [online, userId, queryClient]);

  useEffect(() => {
    if (!online || pathname !== "/feed") return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The page's own document is no resource entry: it is named itself, since nothing else fetches it (the sidebar's
    // links fetch their page only when pointed at).
    const keepSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void workerReady().then(() => tellWorker({ type: "paperboy:keep-feed", urls: [window.location.href, ...fetchedUrls()] })),
        KEEP_DELAY_MS,
      );
    };
    keepSoon();
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "success" && event.query.queryKey[0] === emailKeys.all[0]) keepSoon();
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [online, pathname, queryClient]);

  if (online) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-0 bottom-0 z-40 bg-slate-900 px-4 py-2 text-center text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
    >
      You are offline. Issues saved on this device still open, and your likes, favourites and reads are sent when you are back online.
    </p>
  );
}
