import { describe, expect, it } from "vitest";
import { activeSection } from "./active-section";

describe("activeSection", () => {
  const order = ["c1", "c2", "c3"];

  it("picks the first visible section in page order", () => {
    expect(activeSection(order, new Set(["c3", "c2"]), null)).toBe("c2");
  });

  it("keeps the previous one while none is visible", () => {
    expect(activeSection(order, new Set(), "c1")).toBe("c1");
    expect(activeSection(order, new Set(), null)).toBeNull();
  });

  it("picks the last section at the foot of the page, even while an earlier one crosses the band", () => {
    expect(activeSection(order, new Set(["c2"]), "c2", true)).toBe("c3");
    expect(activeSection([], new Set(), null, true)).toBeNull();
  });
});
