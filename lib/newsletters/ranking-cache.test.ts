import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "@/lib/observability/log";
import { rankedIds } from "./ranking-cache";

let key = 0;
const nextKey = () => `test-${++key}`;

describe("rankedIds", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("computes a ranking once while it is fresh, and once for callers that arrive together", async () => {
    const name = nextKey();
    const compute = vi.fn(async () => [1, 2, 3]);
    expect(await Promise.all([rankedIds(name, compute), rankedIds(name, compute)])).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    vi.advanceTimersByTime(59_000);
    expect(await rankedIds(name, compute)).toEqual([1, 2, 3]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it("answers the stale ranking at once after a minute and the new one once computed", async () => {
    const name = nextKey();
    let round = 0;
    const compute = vi.fn(async () => [++round]);
    await rankedIds(name, compute);
    vi.advanceTimersByTime(61_000);
    expect(await rankedIds(name, compute)).toEqual([1]);
    await vi.waitFor(async () => expect(await rankedIds(name, compute)).toEqual([2]));
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it("keeps the stale ranking when a refresh fails, and retries on the next call", async () => {
    const name = nextKey();
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const compute = vi
      .fn<() => Promise<number[]>>()
      .mockResolvedValueOnce([7])
      .mockRejectedValueOnce(new Error("database down"))
      .mockResolvedValueOnce([8]);
    await rankedIds(name, compute);
    vi.advanceTimersByTime(61_000);
    expect(await rankedIds(name, compute)).toEqual([7]);
    await vi.waitFor(() => expect(errors).toHaveBeenCalledTimes(1));
    expect(await rankedIds(name, compute)).toEqual([7]);
    await vi.waitFor(async () => expect(await rankedIds(name, compute)).toEqual([8]));
    errors.mockRestore();
  });

  it("passes the first computation's failure to its caller", async () => {
    await expect(rankedIds(nextKey(), async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
  });
});
