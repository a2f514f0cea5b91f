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
});
