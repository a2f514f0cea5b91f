/// <reference lib="webworker" />
/**
 * Paperboy's service worker (docs/contract.md 7.5), bundled by esbuild during `next build` (app/serwist/[path]/route.ts).
 *
 * Online it stays out of the way of every page and API request: the server answers them as if there were
 * no worker, so nothing personal or stale is ever served while the network is up. It precaches the build's
 * hashed assets (with revisions from the build, so a deploy replaces them), and keeps copies of the signed-in
 * reader's feed and latest issues when a page asks it to. Offline it answers the reader's pages, API reads
 * and images from those copies, and queues likes, favourites and reads until the network returns.
 */
import {
  BackgroundSyncQueue,
  CacheExpiration,
  CacheOnly,
  Serwist,
  type PrecacheEntry,
  type SerwistGlobalConfig,
  type SerwistPlugin,
} from "serwist";
import {
  API_CACHE,
  IMAGE_CACHE,
  INTERACTION_QUEUE,
  OFFLINE_ISSUES,
  OFFLINE_PREFIX,
  PAGE_CACHE_PREFIX,
  READER_CACHE,
  READER_KEY,
  type WorkerMessage,
} from "./names";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const manifest = self.__SW_MANIFEST ?? [];

/** A short fingerprint of this build's precache list: the pages kept by another build name its chunks, not ours. */
function buildFingerprint(entries: (PrecacheEntry | string)[]): string {
  let hash = 5381;
  for (const char of JSON.stringify(entries)) hash = ((hash * 33) ^ char.charCodeAt(0)) >>> 0;
  return hash.toString(36);
}

const PAGE_CACHE = `${PAGE_CACHE_PREFIX}${buildFingerprint(manifest)}`;

// The reader's own paths: the feed and issue pages, and the API reads those pages make. Share pages,
// sign-in and every other path are never kept nor answered from a copy.
const PAGE_PATH = /^\/(?:feed|emails\/\d{1,10})$/;
const API_PATH =
  /^\/api\/(?:users\/me|users\/me\/(?:subscriptions|folders|saved-searches)|issues\/feed|issues\/\d{1,10}|newsletters\/\d{1,10}\/recent_issues)$/;
const IMAGE_PATH = /^\/img\/[^/]+\/[^/]+$/;
const INTERACTION_PATH = /^\/api\/issues\/\d{1,10}\/interactions$/;
const PROXIED_IMAGE = /\/img\/[A-Za-z0-9_-]+\/[A-Za-z0-9_=-]+/g;

type Kind = "page" | "api" | "image";

function kindOf(url: URL): Kind | null {
  if (url.origin !== self.location.origin) return null;
  if (PAGE_PATH.test(url.pathname)) return "page";
  if (API_PATH.test(url.pathname)) return "api";
  if (IMAGE_PATH.test(url.pathname)) return "image";
  return null;
}

const CACHE_OF: Record<Kind, string> = { page: PAGE_CACHE, api: API_CACHE, image: IMAGE_CACHE };
const expirations: Record<Kind, CacheExpiration> = {
  page: new CacheExpiration(PAGE_CACHE, { maxEntries: OFFLINE_ISSUES + 30 }),
  api: new CacheExpiration(API_CACHE, { maxEntries: 300 }),
  image: new CacheExpiration(IMAGE_CACHE, { maxEntries: 1_500 }),
};

/** The signed-in reader this worker keeps copies for, or null: then nothing is kept nor answered from a copy. */
async function currentReader(): Promise<number | null> {
  const marker = await caches.match(READER_KEY, { cacheName: READER_CACHE });
  if (!marker) return null;
  const id = Number(await marker.text());
  return Number.isSafeInteger(id) ? id : null;
}

// A copy is answered only while a reader is signed in here: a logout elsewhere that missed the caches
// still never shows their pages to the next person.
const readerOnly: SerwistPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => ((await currentReader()) === null ? null : (cachedResponse ?? null)),
};

const offlineCopy = (kind: Kind) =>
  new CacheOnly({
    cacheName: CACHE_OF[kind],
    plugins: [readerOnly],
    // A page is the same for any query (filters are read in the browser); Next.js varies its pages on RSC headers.
    matchOptions: kind === "page" ? { ignoreSearch: true, ignoreVary: true } : { ignoreVary: true },
  });

const queue = new BackgroundSyncQueue(INTERACTION_QUEUE, { onSync: () => replay() });

let replaying: Promise<void> = Promise.resolve();

/** Sends the queued changes in the order they were made; one pass at a time, so none is sent twice. */
function replay(): Promise<void> {
  replaying = replaying.then(() => queue.replayRequests()).catch(() => undefined);
  return replaying;
}

/** Offline, and for a reader signed in here: the answer from the reader's copies. */
function offline(): boolean {
  return !self.navigator.onLine;
}

// A page opened from a share link is anyone's, and its images are never kept nor answered from a copy.
const fromSharePage = (request: Request) => request.referrer.includes("/issues/share/");

const serwist = new Serwist({
  precacheEntries: manifest,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) => offline() && sameOrigin && request.mode === "navigate" && PAGE_PATH.test(url.pathname),
      handler: offlineCopy("page"),
    },
    {
      matcher: ({ request, url, sameOrigin }) => offline() && sameOrigin && request.method === "GET" && API_PATH.test(url.pathname),
      handler: offlineCopy("api"),
    },
    {
      matcher: ({ request, url, sameOrigin }) => offline() && sameOrigin && IMAGE_PATH.test(url.pathname) && !fromSharePage(request),
      handler: offlineCopy("image"),
    },
    {
      // A like, favourite or read made offline is kept in IndexedDB and answered 202 with no body: the page
      // keeps its optimistic state, and the change is sent when the network returns.
      matcher: ({ url, sameOrigin }) => offline() && sameOrigin && INTERACTION_PATH.test(url.pathname),
      method: "PUT",
      handler: async ({ request, url }) => {
        try {
          return await fetch(request.clone());
        } catch (error) {
          if ((await currentReader()) === null) throw error;
          const change = (await request
            .clone()
            .json()
            .catch(() => ({}))) as Partial<KeptEmail>;
          await queue.pushRequest({ request });
          await applyToCopies(Number(url.pathname.split("/")[3]), change);
          return new Response(null, { status: 202 });
        }
      },
    },
  ],
});

type KeptEmail = { id: number; is_liked: boolean; is_favorited: boolean; is_read: boolean; like_count: number };

function applyChange<T extends KeptEmail>(email: T, change: Partial<KeptEmail>): T {
  const next = { ...email };
  if (typeof change.is_liked === "boolean" && change.is_liked !== email.is_liked) {
    next.is_liked = change.is_liked;
    next.like_count = Math.max(0, email.like_count + (change.is_liked ? 1 : -1));
  }
  if (typeof change.is_favorited === "boolean") next.is_favorited = change.is_favorited;
  if (typeof change.is_read === "boolean") next.is_read = change.is_read;
  return next;
}

/** A change queued offline shows in the kept copies too, so a page opened again offline still shows it. */
async function applyToCopies(id: number, change: Partial<KeptEmail>): Promise<void> {
  const cache = await caches.open(API_CACHE);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path !== `/api/issues/${id}` && path !== "/api/issues/feed") continue;
    const copy = await cache.match(request);
    if (!copy) continue;
    const data = (await copy.clone().json()) as KeptEmail | { items: KeptEmail[] };
    const patched =
      "items" in data
        ? { ...data, items: data.items.map((email) => (email.id === id ? applyChange(email, change) : email)) }
        : applyChange(data, change);
    await cache.put(request, new Response(JSON.stringify(patched), { headers: copy.headers }));
  }
}

/** Removes every copy of the reader's data and every change still queued. */
async function dropReaderData(): Promise<void> {
  // The expiration records name the kept addresses: they go with the copies.
  for (const expiration of Object.values(expirations)) await expiration.delete();
  for (const key of await caches.keys()) if (key.startsWith(OFFLINE_PREFIX)) await caches.delete(key);
  while (await queue.shiftRequest());
}

/** A reader signed in here: another reader's copies and queued changes go first. */
async function setReader(id: number): Promise<void> {
  if ((await currentReader()) === id) return;
  // Named by a page that loaded as its reader logged out, the worker would keep them after the logout: the session
  // says who is signed in here now.
  const session = await fetch("/api/users/me", { credentials: "same-origin", cache: "no-store" }).catch(() => null);
  if (!session?.ok || session.redirected || ((await session.json()) as { id?: unknown }).id !== id) return;
  await dropReaderData();
  const marker = await caches.open(READER_CACHE);
  await marker.put(READER_KEY, new Response(String(id)));
}

/** Fetches `url` and keeps the answer for `reader`, unless it is not theirs to keep (a redirect to sign-in, an error). */
async function keep(kind: Kind, url: string, reader: number): Promise<Response | null> {
  const response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok || response.redirected || response.type !== "basic") return null;
  // Signed out while this was on its way: the copy would outlive the logout.
  if ((await currentReader()) !== reader) return null;
  const cache = await caches.open(CACHE_OF[kind]);
  await cache.put(url, response.clone());
  // A logout that came between the check and the copy: the copy goes too.
  if ((await currentReader()) !== reader) {
    await cache.delete(url);
    return null;
  }
  await expirations[kind].updateTimestamp(url);
  return response;
}

async function isKept(kind: Kind, url: string): Promise<boolean> {
  return (await caches.match(url, { cacheName: CACHE_OF[kind], ignoreVary: true })) !== undefined;
}

type FeedItem = { id: number; newsletter_id: number; thumbnail_image_url: string | null };

/**
 * Keeps what the feed page loaded (its page, API reads and thumbnails) and the newest OFFLINE_ISSUES issues:
 * each one's page, its API answer, its proxied images and its newsletter's recent issues. Issues already
 * kept are not fetched again; issues that left the newest are dropped.
 */
async function keepFeed(urls: string[], current: () => boolean): Promise<void> {
  const reader = await currentReader();
  if (reader === null || offline()) return;
  for (const href of new Set(urls)) {
    if (!current()) return;
    const url = new URL(href, self.location.origin);
    const kind = kindOf(url);
    if (kind) await keep(kind, `${url.pathname}${url.search}`, reader);
  }
  const newest = await fetch(`/api/issues/feed?kind=issue&page_size=${OFFLINE_ISSUES}`, { credentials: "same-origin", cache: "no-store" });
  if (!newest.ok || newest.redirected) return;
  const { items } = (await newest.json()) as { items: FeedItem[] };
  const newsletters = new Set<number>();
  for (const item of items) {
    if (!current() || (await currentReader()) !== reader) return;
    if (!(await isKept("page", `/emails/${item.id}`))) await keep("page", `/emails/${item.id}`, reader);
    if (!(await isKept("api", `/api/issues/${item.id}`))) {
      const detail = await keep("api", `/api/issues/${item.id}`, reader);
      const body = detail ? (((await detail.clone().json()) as { body_html: string | null }).body_html ?? "") : "";
      for (const image of new Set(body.match(PROXIED_IMAGE) ?? [])) if (!(await isKept("image", image))) await keep("image", image, reader);
    }
    if (item.thumbnail_image_url && !(await isKept("image", `/img/thumbnail/${item.id}`)))
      await keep("image", `/img/thumbnail/${item.id}`, reader);
    if (!newsletters.has(item.newsletter_id)) {
      newsletters.add(item.newsletter_id);
      await keep("api", `/api/newsletters/${item.newsletter_id}/recent_issues`, reader);
    }
  }
  await dropOlderIssues(new Set(items.map((item) => item.id)));
  await Promise.all(Object.values(expirations).map((expiration) => expiration.expireEntries()));
}

async function dropOlderIssues(newest: Set<number>): Promise<void> {
  for (const [kind, pattern] of [
    ["page", /^\/emails\/(\d+)$/],
    ["api", /^\/api\/issues\/(\d+)$/],
  ] as const) {
    const cache = await caches.open(CACHE_OF[kind]);
    for (const request of await cache.keys()) {
      const id = new URL(request.url).pathname.match(pattern)?.[1];
      if (id && !newest.has(Number(id))) await cache.delete(request);
    }
  }
}

let keeping: Promise<void> = Promise.resolve();
// Counts sign-outs: a reader named or a feed kept before the latest one is never applied after it.
let signOuts = 0;

async function handle(message: WorkerMessage): Promise<void> {
  switch (message.type) {
    // In turn: the feed is kept for the reader named before it.
    case "paperboy:reader": {
      const at = signOuts;
      keeping = keeping.then(() => (at === signOuts ? setReader(message.id) : undefined)).catch(() => undefined);
      return keeping;
    }
    case "paperboy:keep-feed": {
      const at = signOuts;
      keeping = keeping.then(() => keepFeed(message.urls, () => at === signOuts)).catch(() => undefined);
      return keeping;
    }
    case "paperboy:replay":
      return replay();
    case "paperboy:sign-out":
      signOuts += 1;
      // What was queued is sent while the session still holds; then nothing of the reader stays. The drop waits in
      // turn for a reader being named or a feed being kept as the logout began, which would otherwise write after it.
      await replay();
      keeping = keeping.then(dropReaderData).catch(() => undefined);
      return keeping;
  }
}

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const message = event.data as WorkerMessage;
  if (typeof message?.type !== "string" || !message.type.startsWith("paperboy:")) return;
  event.waitUntil(handle(message).finally(() => event.ports[0]?.postMessage({ done: message.type })));
});

// The pages kept by an earlier build go with it: their HTML names chunks this build no longer has.
self.addEventListener("activate", (event: ExtendableEvent) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith(PAGE_CACHE_PREFIX) && key !== PAGE_CACHE).map((key) => caches.delete(key))),
      ),
  );
});

serwist.addEventListeners();
