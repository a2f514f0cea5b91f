import "server-only";
import { LRUCache } from "lru-cache";

// A safety net for a write no trigger sees (an operator's manual fix, say): nothing is kept longer.
const MAX_AGE_MS = 5 * 60_000;

type Entry<T> = { stamp: number; value: Promise<T> };

/**
 * Answers kept per key with the change stamp they were computed under (see change-stamp.ts): one
 * holds while the stamp is the same. Callers that miss together share one computation; the least
 * recently used key goes once there are `capacity` of them.
 */
export class StampedCache<T> {
  private readonly entries: LRUCache<string, Entry<T>>;

  constructor(capacity: number) {
    this.entries = new LRUCache({ max: capacity, ttl: MAX_AGE_MS });
  }

  get(key: string, stamp: number, compute: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry?.stamp === stamp) return entry.value;
    const fresh: Entry<T> = { stamp, value: compute() };
    this.entries.set(key, fresh);
    // A failed computation is not kept: the next caller tries again.
    fresh.value.catch(() => {
      if (this.entries.peek(key) === fresh) this.entries.delete(key);
    });
    return fresh.value;
  }
}
