import { describe, expect, it, vi } from "vitest";
import { gathered } from "./gather";

describe("gathered", () => {
  it("sends what is added while a flush runs in one next flush, and each caller waits for its own", async () => {
    const flushed: number[][] = [];
    let release: () => void = () => undefined;
    const add = gathered<number>(async (items) => {
      flushed.push(items);
      if (flushed.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = add([1]);
    await Promise.resolve();
    await Promise.resolve();
    let secondDone = false;
    const second = add([2]).then(() => (secondDone = true));
    const third = add([3, 4]);
    expect(flushed).toEqual([[1]]);
    expect(secondDone).toBe(false);
    release();
    await Promise.all([first, second, third]);
    expect(flushed).toEqual([[1], [2, 3, 4]]);
  });

  it("rejects the callers of a failed flush only, and flushes the next batch", async () => {
    let calls = 0;
    const add = gathered<string>(async () => {
      calls++;
      if (calls === 1) throw new Error("database away");
    });
    await expect(add(["a"])).rejects.toThrow("database away");
    await expect(add(["b"])).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });

  it("starts the next batch after a second when a flush never ends", async () => {
    vi.useFakeTimers();
    try {
      const flushed: number[][] = [];
      const add = gathered<number>(async (items) => {
        flushed.push(items);
        if (flushed.length === 1) await new Promise(() => undefined);
      });
      void add([1]);
      await vi.advanceTimersByTimeAsync(0);
      const second = add([2]);
      await vi.advanceTimersByTimeAsync(999);
      expect(flushed).toEqual([[1]]);
      await vi.advanceTimersByTimeAsync(1);
      await second;
      expect(flushed).toEqual([[1], [2]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shares one flush among the calls of one tick", async () => {
    const flushed: number[][] = [];
    const add = gathered<number>(async (items) => {
      flushed.push(items);
    });
    await Promise.all([add([1]), add([2]), add([3])]);
    expect(flushed).toEqual([[1, 2, 3]]);
  });
});
