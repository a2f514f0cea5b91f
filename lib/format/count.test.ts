import { describe, expect, it } from "vitest";
import { formatCount } from "./count";

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1k"],
    [1050, "1.1k"],
    [1500, "1.5k"],
    [999_999, "1m"],
    [1_000_000, "1m"],
    [2_340_000, "2.3m"],
  ])("shows %d as %s", (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });
});
