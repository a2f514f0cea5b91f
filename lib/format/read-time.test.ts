import { describe, expect, it } from "vitest";
import { minutesToRead, readTimeLabel } from "./read-time";

describe("minutesToRead", () => {
  it.each([
    [null, 1],
    [undefined, 1],
    [0, 1],
    [-5, 1],
    [1, 1],
    [200, 1],
    [201, 2],
    [1000, 5],
  ])("%s words take %d min", (words, minutes) => {
    expect(minutesToRead(words)).toBe(minutes);
  });
});

describe("readTimeLabel", () => {
  it("shows at least one minute", () => {
    expect(readTimeLabel(0)).toBe("1 min read");
    expect(readTimeLabel(null)).toBe("1 min read");
    expect(readTimeLabel(7)).toBe("7 min read");
  });
});
