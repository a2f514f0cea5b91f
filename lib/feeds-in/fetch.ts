import "server-only";
import { FetchRefusedError, guardedFetch, type GuardedResponse } from "@/lib/fetch/guarded-fetch";
import { discoverFeedLinks, FeedParseError, NOT_A_FEED, parseFeedDocument, type ParsedFeed } from "./parse";

/** How much of a feed is read, and for how long: tests shorten them. */
export const feedFetchLimits = { maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000 };

const ACCEPT =
  "application/feed+json, application/atom+xml, application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.8, */*;q=0.5";

/** What the feed's validators were, for a conditional request. */
export type Validators = { etag: string | null; lastModified: string | null };

export type FetchOutcome =
  | { kind: "feed"; url: string; feed: ParsedFeed; validators: Validators }
  | { kind: "not_modified" }
  /** A fetch that did not give a feed: the reason in a reader's words; `retryAfterSeconds` when the server said. */
  | { kind: "failed"; reason: string; retryAfterSeconds: number | null };

type Fetched = { kind: "response"; response: GuardedResponse } | Exclude<FetchOutcome, { kind: "feed" }>;

async function fetchDocument(url: string, validators?: Validators): Promise<Fetched> {
  const headers: Record<string, string> = { accept: ACCEPT };
  if (validators?.etag) headers["if-none-match"] = validators.etag;
  if (validators?.lastModified) headers["if-modified-since"] = validators.lastModified;
  let response: GuardedResponse;
  try {
    response = await guardedFetch(url, { headers, ...feedFetchLimits });
  } catch (error) {
    if (error instanceof FetchRefusedError)
      return { kind: "failed", reason: `The feed could not be fetched: ${error.reason}`, retryAfterSeconds: null };
    throw error;
  }
  if (response.status === 304) return { kind: "not_modified" };
  if (response.status < 200 || response.status > 299) {
    const wait = retryAfter(response.headers.get("retry-after"));
    const reason =
      response.status === 429 ? "The feed's server asked us to slow down (429)" : `The feed's server answered ${response.status}`;
    return { kind: "failed", reason, retryAfterSeconds: wait };
  }
  return { kind: "response", response };
}

function readFeed(response: GuardedResponse): FetchOutcome {
  try {
    const feed = parseFeedDocument(response.body.toString("utf8"), response.url);
    const validators = { etag: response.headers.get("etag"), lastModified: response.headers.get("last-modified") };
    return { kind: "feed", url: response.url, feed, validators };
  } catch (error) {
    if (error instanceof FeedParseError) return { kind: "failed", reason: error.message, retryAfterSeconds: null };
    throw error;
  }
}

/** Fetches a feed through the guarded fetch, conditionally when validators are known. */
export async function fetchFeed(url: string, validators?: Validators): Promise<FetchOutcome> {
  const fetched = await fetchDocument(url, validators);
  return fetched.kind === "response" ? readFeed(fetched.response) : fetched;
}

export type Discovered = { feedUrl: string; outcome: Extract<FetchOutcome, { kind: "feed" }> };

const NO_FEED = "No feed found at this address";

/**
 * The feed at `url`, or the first one the page at `url` links (<link rel="alternate">): what following a
 * URL reads. A failure says why in a reader's words.
 */
export async function discoverFeed(url: string): Promise<Discovered | { reason: string }> {
  const fetched = await fetchDocument(url);
  if (fetched.kind === "not_modified") return { reason: NO_FEED };
  if (fetched.kind === "failed") return { reason: fetched.reason };
  const direct = readFeed(fetched.response);
  if (direct.kind === "feed") return { feedUrl: url, outcome: direct };
  const type = fetched.response.headers.get("content-type") ?? "";
  if (!/html/i.test(type)) return { reason: direct.kind === "failed" && direct.reason !== NOT_A_FEED ? direct.reason : NO_FEED };
  const links = discoverFeedLinks(fetched.response.body.toString("utf8"), fetched.response.url);
  // The first a page names is its main feed; the next ones (comments, a category) are tried only when it fails.
  let reason = NO_FEED;
  for (const link of links.slice(0, 3)) {
    const linked = await fetchFeed(link);
    if (linked.kind === "feed") return { feedUrl: link, outcome: linked };
    if (linked.kind === "failed") reason = linked.reason;
  }
  return { reason };
}

/** Retry-After in seconds, from its seconds or its HTTP date form; null when absent or unreadable. */
export function retryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - now) / 1000));
}
