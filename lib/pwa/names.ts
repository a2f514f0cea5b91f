/**
 * What the service worker and the pages agree on (docs/contract.md 7.5). Every cache that holds a reader's data
 * starts with OFFLINE_PREFIX, so a logout or another reader's sign-in drops them all by name.
 */
export const OFFLINE_PREFIX = "paperboy-offline-";

/** Holds one entry, READER_KEY, naming the signed-in reader: without it nothing personal is cached or served. */
export const READER_CACHE = `${OFFLINE_PREFIX}reader`;
export const READER_KEY = "/offline-reader";

/** The reader's API answers (session, subscriptions, feed lists, issues). */
export const API_CACHE = `${OFFLINE_PREFIX}api`;
/** Images through the proxy (/img/), for the issues kept offline and the feed's thumbnails. */
export const IMAGE_CACHE = `${OFFLINE_PREFIX}images`;
/** Pages (the feed, the issues kept offline), per build: a page of another build names chunks this one lacks. */
export const PAGE_CACHE_PREFIX = `${OFFLINE_PREFIX}pages-`;

/** The IndexedDB queue of likes, favourites and reads made offline. */
export const INTERACTION_QUEUE = "paperboy-interactions";

/** How many of the feed's newest issues are kept for reading offline. */
export const OFFLINE_ISSUES = 50;

/** Messages a page sends the worker; each is answered on the port it came with, once done. */
export type WorkerMessage =
  | { type: "paperboy:keep-feed"; urls: string[] }
  | { type: "paperboy:replay" }
  | { type: "paperboy:sign-out" }
  | { type: "paperboy:reader"; id: number };
