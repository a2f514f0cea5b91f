import { describe, expect, it } from "vitest";
import { formatRelativeTime, formatShortDate } from "./date";

const now = Date.parse("2026-11-21T12:00:00.000Z");

describe("formatRelativeTime", () => {
  it("says just now under a minute", () => {
    expect(formatRelativeTime("2026-11-21T11:59:30.000Z", now)).toBe("just now");
  });
  it("counts whole units back", () => {
    expect(formatRelativeTime("2026-11-21T09:00:00.000Z", now)).toBe("3 hours ago");
    expect(formatRelativeTime("2026-11-20T11:00:00.000Z", now)).toBe("yesterday");
  });
  it("is blank without a date", () => {
    expect(formatRelativeTime(null, now)).toBe("");
  });
});

describe("formatShortDate", () => {
  it("uses the fallback for a missing or broken date", () => {
    expect(formatShortDate(null, "No Date")).toBe("No Date");
    expect(formatShortDate("nope", "No Date")).toBe("No Date");
  });
});
