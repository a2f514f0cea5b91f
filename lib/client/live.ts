import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { feedQuery } from "@/lib/client/issues";
import type { FiledEmail } from "@/lib/live/dto";

/** An email the event stream announced, and when this page heard of it. */
export type Arrival = { email: FiledEmail; at: number };

// The arrivals since the page loaded, shared by the stream's one opener and every screen that shows them.
let arrivals: Arrival[] = [];
const subscribers = new Set<() => void>();

function addArrival(email: FiledEmail): void {
  if (arrivals.some((arrival) => arrival.email.id === email.id)) return;
  arrivals = [...arrivals, { email, at: Date.now() }];
  for (const notify of subscribers) notify();
}

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** Every email announced since the page loaded, oldest first. */
export function useArrivals(): Arrival[] {
  return useSyncExternalStore(
    subscribe,
    () => arrivals,
    () => arrivals,
  );
}

// The feed's count of unread issues: one row is enough, its total is the number.
const UNREAD_QUERY = "kind=issue&read_status=unread&page_size=1";

/** How many unread issues the reader has, and a way to count again; also counted again after each change they make. */
export function useUnreadCount(): { count: number | undefined; recount: () => void } {
  const queryClient = useQueryClient();
  const unread = useQuery({ ...feedQuery(UNREAD_QUERY), staleTime: 0, placeholderData: undefined });
  const { refetch } = unread;
  const recount = useCallback(() => void refetch(), [refetch]);
  // A read, an unread or a bulk change anywhere: only the server knows the new total.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === "updated" && event.action.type === "success") recount();
      }),
    [queryClient, recount],
  );
  return { count: unread.data?.total_items, recount };
}

const EVENTS_PATH = "/api/users/me/events";
// A stream the browser gave up on (a 503 while an instance drained, a network change) is opened again after this, doubling up to the cap.
const REOPEN_MS = 2_000;
const REOPEN_MAX_MS = 60_000;

/**
 * Keeps the reader's event stream open while mounted: each `email` event joins the arrivals and the unread
 * count is read again. The browser reconnects by itself (with Last-Event-ID); when it gives up, a new
 * stream takes over from the last id seen.
 */
export function useLiveStream(onEmail: () => void): void {
  useEffect(() => {
    let source: EventSource | undefined;
    let lastId = "";
    let delay = REOPEN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource(lastId ? `${EVENTS_PATH}?last_event_id=${encodeURIComponent(lastId)}` : EVENTS_PATH);
      source.addEventListener("open", () => {
        delay = REOPEN_MS;
      });
      source.addEventListener("email", (event: MessageEvent<string>) => {
        lastId = event.lastEventId || lastId;
        try {
          addArrival(JSON.parse(event.data) as FiledEmail);
        } catch {
          return;
        }
        onEmail();
      });
      source.addEventListener("error", () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        timer = setTimeout(open, delay);
        delay = Math.min(delay * 2, REOPEN_MAX_MS);
      });
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [onEmail]);
}
