"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";
import { LOGOUT_KEY } from "@/lib/client/auth";
import { emailKeys, subscriptionKeys, userKeys } from "@/lib/client/query-keys";
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
 * The API reads a feed drawn on the server (docs/contract.md 8.1) never made, by the URLs the page would have
 * fetched: the worker keeps them as it keeps fetched ones, for the kept page (which holds no data) to read offline.
 */
function drawnReads(queryClient: QueryClient): string[] {
  const feedLists = queryClient
    .getQueryCache()
    .findAll({ queryKey: emailKeys.lists() })
    .filter((query) => query.state.data !== undefined)
    .map((query) => `/api/issues/feed?${String(query.queryKey[2])}`);
  const shell = [
    [userKeys.me(), "/api/users/me"],
    [subscriptionKeys.list(), "/api/users/me/subscriptions"],
  ] as const;
  const shellReads = shell.filter(([key]) => queryClient.getQueryData(key) !== undefined).map(([, url]) => url);
  return [...shellReads, ...feedLists].map((url) => new URL(url, window.location.origin).href);
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
      // Loaded after the page (issue 41's budget), this may start as the reader logs out: told then, the worker would
      // keep their reading again after the logout dropped it.
      .then(() =>
        queryClient.isMutating({ mutationKey: LOGOUT_KEY }) > 0 ? undefined : tellWorker({ type: "paperboy:reader", id: userId }),
      )
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
        () =>
          void workerReady().then(() =>
            tellWorker({
              type: "paperboy:keep-feed",
              urls: [window.location.href, ...new Set([...fetchedUrls(), ...drawnReads(queryClient)])],
            }),
          ),
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
