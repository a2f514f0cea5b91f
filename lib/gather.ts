/**
 * Hands work to `flush` in batches: what callers add while a flush runs waits for it to end and then goes
 * in the next one, all together; what is added while none runs goes at once (after the current tick, so
 * calls of one tick share it). Each call resolves, or rejects, with the flush its items went in.
 * Concurrent deliveries of a burst then share one statement or one job where each took its own.
 */
export function gathered<T>(flush: (items: T[]) => Promise<void>): (items: T[]) => Promise<void> {
  let open: { items: T[]; done: Promise<void> } | null = null;
  let running: Promise<unknown> = Promise.resolve();
  return (items) => {
    if (!open) {
      const batch: { items: T[]; done: Promise<void> } = { items: [], done: Promise.resolve() };
      batch.done = Promise.race([running, stuck()]).then(() => {
        // From here on, what is added waits for the next batch.
        if (open === batch) open = null;
        return flush(batch.items);
      });
      running = batch.done.catch(() => undefined);
      open = batch;
    }
    open.items.push(...items);
    return open.done;
  };
}

// A flush that never ends (a statement waiting on a lock) holds the next batch up this long at most.
const STUCK_MS = 1_000;

function stuck(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, STUCK_MS).unref());
}
