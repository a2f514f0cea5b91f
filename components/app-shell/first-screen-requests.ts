import { feedApiParams, feedFromParams, pendingConfirmationParams } from "../feed/feed-query";

/**
 * The GETs a signed-in page's first screen makes, exactly as its components ask for them (lib/api/early.ts):
 * the session check and the subscription list of the frame (app-shell.tsx), then the page's own. Read on the
 * server by app/(app)/layout.tsx, from the URL proxy.ts hands it.
 */
export function firstScreenRequests(pathname: string, search: string): string[] {
  // Only the feed for now: with the issue page's own call started too, its session check was seen to hang in
  // a journey (tests/e2e/first-paint.spec.ts), which issue 34's closing note leaves open.
  if (pathname !== "/feed") return [];
  // components/feed/feed-view.tsx: the page of the feed, and above it the confirmations still waiting.
  const state = feedFromParams(new URLSearchParams(search));
  const pending = pendingConfirmationParams(state);
  return [
    "/api/users/me",
    "/api/users/me/subscriptions",
    `/api/issues/feed?${feedApiParams(state).toString()}`,
    ...(pending ? [`/api/issues/feed?${pending.toString()}`] : []),
  ];
}
