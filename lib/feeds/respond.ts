import "server-only";
import { etagMatches, type RenderedFeed } from "./render";

// The URL is the reader's secret: no shared cache keeps it, no search engine lists it, no page it links to learns it.
const FEED_HEADERS = {
  "cache-control": "private, no-cache",
  "x-robots-tag": "noindex",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
};

/** The feed, or 304 when the reader's copy (If-None-Match) is still current. */
export function feedResponse(request: Request, feed: RenderedFeed): Response {
  const headers = { ...FEED_HEADERS, etag: feed.etag };
  if (etagMatches(request.headers.get("if-none-match"), feed.etag)) return new Response(null, { status: 304, headers });
  return new Response(feed.body, { headers: { ...headers, "content-type": feed.contentType } });
}
