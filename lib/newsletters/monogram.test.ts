import { describe, expect, it } from "vitest";
import { monogram } from "./monogram";

describe("monogram", () => {
  it("takes the first letters of the first two meaningful words", () => {
    expect(monogram("The Pragmatic Engineer").initials).toBe("PE");
    expect(monogram("3-2-1 Newsletter").initials).toBe("32");
    expect(monogram("tl;dr sec").initials).toBe("TD");
    expect(monogram("Stratechery").initials).toBe("S");
    expect(monogram("Bon Appétit").initials).toBe("BA");
  });

  it("falls back to a question mark for a name without letters or digits", () => {
    expect(monogram("—").initials).toBe("?");
  });

  it("gives the same name the same hue, within 0..359", () => {
    const { hue } = monogram("Money Stuff");
    expect(monogram("Money Stuff").hue).toBe(hue);
    expect(hue).toBeGreaterThanOrEqual(0);
    expect(hue).toBeLessThan(360);
  });
});
