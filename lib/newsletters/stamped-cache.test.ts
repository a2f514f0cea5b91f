import { describe, expect, it, vi } from "vitest";
import { StampedCache } from "./stamped-cache";

describe("StampedCache", () => {
  it("computes an answer once per stamp, once for callers that arrive together", async () => {
    const cache = new StampedCache<string>(10);
    let round = 0;
    const compute = vi.fn(async () => `answer ${++round}`);
    expect(await Promise.all([cache.get("featured", 1, compute), cache.get("featured", 1, compute)])).toEqual(["answer 1", "answer 1"]);
    expect(await cache.get("featured", 1, compute)).toBe("answer 1");
    expect(await cache.get("featured", 2, compute)).toBe("answer 2");
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it("keeps no failed computation", async () => {
    const cache = new StampedCache<string>(10);
    await expect(cache.get("key", 1, async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.get("key", 1, async () => "recovered")).toBe("recovered");
  });

  it("forgets the least recently used key beyond its capacity", async () => {
    const cache = new StampedCache<string>(2);
    await cache.get("a", 1, async () => "a1");
    await cache.get("b", 1, async () => "b1");
    await cache.get("a", 1, async () => "a2");
    await cache.get("c", 1, async () => "c1");
    expect(await cache.get("a", 1, async () => "a3")).toBe("a1");
    expect(await cache.get("b", 1, async () => "b2")).toBe("b2");
  });
});
