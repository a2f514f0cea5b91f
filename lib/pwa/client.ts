import { OFFLINE_PREFIX, type WorkerMessage } from "./names";

/** Where `next build` puts the service worker (app/serwist/[path]/route.ts). */
const WORKER_URL = "/serwist/sw.js";

// A worker busy or gone must never hold a logout or a page: past this, the page goes on without its answer.
const ANSWER_WAIT_MS = 5_000;

/**
 * Registers the worker in a production build (a development server rebuilds chunks the worker would pin),
 * once the page has loaded: its install fetches the whole build, which must not compete with the first page.
 */
export function registerWorker(): void {
  if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register(WORKER_URL, { scope: "/" }).catch(() => undefined);
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** Sends the active worker a message and waits until it has done what it asks (or it is not there). */
export async function tellWorker(message: WorkerMessage): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const worker = registration?.active;
  if (!worker) return;
  const channel = new MessageChannel();
  const done = new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
    setTimeout(resolve, ANSWER_WAIT_MS);
  });
  worker.postMessage(message, [channel.port2]);
  await done;
}

/** Resolves once a worker is active (never, without one): for work that only it can do. */
export async function workerReady(): Promise<void> {
  if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return new Promise(() => undefined);
  await navigator.serviceWorker.ready;
}

/**
 * Drops everything kept for reading offline: the worker sends what was queued while the session still
 * holds, then removes its copies; the page removes them too, should no worker be running.
 */
export async function dropOfflineData(): Promise<void> {
  await tellWorker({ type: "paperboy:sign-out" }).catch(() => undefined);
  if (!("caches" in window)) return;
  for (const key of await caches.keys()) if (key.startsWith(OFFLINE_PREFIX)) await caches.delete(key);
}

/** The same-origin URLs this page has fetched so far: the worker keeps the ones that belong to reading offline. */
export function fetchedUrls(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(window.location.origin));
}
