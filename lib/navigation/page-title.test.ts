import { describe, expect, it } from "vitest";
import { isHeaderHidden, titleFromPath, titleWithCount } from "./page-title";

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

describe("titleWithCount", () => {
  it.each([
    ["Feed · Paperboy", 3, "(3) Feed · Paperboy"],
    ["(3) Feed · Paperboy", 4, "(4) Feed · Paperboy"],
    ["(4) Feed · Paperboy", 0, "Feed · Paperboy"],
    ["Paperboy", 0, "Paperboy"],
    ["(2022) in review · Paperboy", 1, "(1) in review · Paperboy"],
  ])("%s with %i unread is %s", (title, count, expected) => {
    expect(titleWithCount(title, count)).toBe(expected);
  });
});
