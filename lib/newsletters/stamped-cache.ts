import "server-only";

// A safety net for a write no trigger sees (an operator's manual fix, say): nothing is kept longer.
const MAX_AGE_MS = 5 * 60_000;

type Entry<T> = { stamp: number; computedAt: number; value: Promise<T> };

/**
 * Answers kept per key with the change stamp they were computed under (see change-stamp.ts): one
 * holds while the stamp is the same. Callers that miss together share one computation; the least
 * recently used key goes once there are `capacity` of them.
 */
export class StampedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly capacity: number) {}

  get(key: string, stamp: number, compute: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    if (!entry || entry.stamp !== stamp || Date.now() - entry.computedAt >= MAX_AGE_MS) {
      const fresh: Entry<T> = { stamp, computedAt: Date.now(), value: compute() };
      // A failed computation is not kept: the next caller tries again.
      fresh.value.catch(() => {
        if (this.entries.get(key) === fresh) this.entries.delete(key);
      });
      entry = fresh;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return entry.value;
  }
}
