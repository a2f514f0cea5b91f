import "server-only";
import { logger } from "@/lib/observability/log";

/**
 * Trending rankings aggregate a week of everyone's activity, the same answer for every reader:
 * each is computed at most once a minute per process (docs/spec.md gives discovery lists an hour of
 * freshness). A stale ranking is served while the next one is computed, so no request waits for it.
 */
const FRESH_MS = 60_000;

type Entry = { value?: number[]; computedAt: number; pending?: Promise<number[]> };

const entries = new Map<string, Entry>();

function refresh(entry: Entry, compute: () => Promise<number[]>): Promise<number[]> {
  entry.pending ??= compute()
    .then((value) => {
      entry.value = value;
      entry.computedAt = Date.now();
      return value;
    })
    .finally(() => {
      entry.pending = undefined;
    });
  return entry.pending;
}

/** The ids of a ranking: fresh ones, else the last ones while a refresh runs, else the first computation. */
export async function rankedIds(key: string, compute: () => Promise<number[]>): Promise<number[]> {
  let entry = entries.get(key);
  if (!entry) {
    entry = { computedAt: 0 };
    entries.set(key, entry);
  }
  if (entry.value && Date.now() - entry.computedAt < FRESH_MS) return entry.value;
  const next = refresh(entry, compute);
  if (!entry.value) return next;
  // The stale ranking answers now; a failed refresh is retried by the next request.
  next.catch((error: unknown) => logger.error({ err: error, ranking: key }, "A ranking could not be refreshed"));
  return entry.value;
}
