import { describe, expect, it } from "vitest";
import { isHeaderHidden, titleFromPath } from "./page-title";

describe("titleFromPath", () => {
  it.each([
    ["/settings", "Settings"],
    ["/discover", "Discover"],
    ["/feed", "Feed"],
    ["/subscriptions/", "Subscriptions"],
    ["/newsletters/42", "42"],
    ["/", "Feed"],
    ["", "Feed"],
    ["/my%20list", "My list"],
  ])("%s -> %s", (path, title) => {
    expect(titleFromPath(path)).toBe(title);
  });
});

describe("isHeaderHidden", () => {
  it("hides the header on issue and newsletter pages only", () => {
    expect(isHeaderHidden("/emails/3")).toBe(true);
    expect(isHeaderHidden("/newsletter/9")).toBe(true);
    expect(isHeaderHidden("/newsletters/9")).toBe(false);
    expect(isHeaderHidden("/feed")).toBe(false);
  });
});
