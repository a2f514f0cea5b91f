import { describe, expect, it } from "vitest";
import { afterLoginPath, loginPathFor, safeNextPath } from "./safe-next";

describe("safeNextPath", () => {
  it("keeps a same-site path with its query and hash", () => {
    expect(safeNextPath("/settings")).toBe("/settings");
    expect(safeNextPath("/emails/12?showComments=true#c3")).toBe("/emails/12?showComments=true#c3");
  });

  it("takes the first value of a repeated parameter", () => {
    expect(safeNextPath(["/discover", "/settings"])).toBe("/discover");
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["absolute", "https://evil.example/feed"],
    ["protocol-relative", "//evil.example/feed"],
    ["backslash", "/\\evil.example"],
    ["tab trick", "/\t/evil.example"],
    ["dot segment before a protocol-relative path", "/.//evil.example/feed"],
    ["encoded dot segments before a protocol-relative path", "/%2e%2e//evil.example"],
    ["a parent segment before a protocol-relative path", "/feed/..//evil.example"],
    ["relative without slash", "feed"],
    ["javascript", "javascript:alert(1)"],
    ["the login page itself", "/login?next=/feed"],
    ["the register page", "/register"],
  ])("refuses %s", (_label, value) => {
    expect(safeNextPath(value)).toBeNull();
  });
});

describe("afterLoginPath", () => {
  it("falls back to the feed", () => {
    expect(afterLoginPath(null)).toBe("/feed");
    expect(afterLoginPath("//evil.example")).toBe("/feed");
    expect(afterLoginPath("/subscriptions")).toBe("/subscriptions");
  });
});

describe("loginPathFor", () => {
  it("remembers the origin location in `next`", () => {
    expect(loginPathFor("/settings?tab=1")).toBe("/login?next=%2Fsettings%3Ftab%3D1");
  });

  it("drops an unsafe origin", () => {
    expect(loginPathFor("//evil.example")).toBe("/login");
  });
});
