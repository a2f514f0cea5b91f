import { describe, expect, it } from "vitest";
import { isLeaked, registrableDomain } from "./domain";

describe("registrableDomain", () => {
  it("keeps the last two labels, or three under a two-level public suffix", () => {
    expect(registrableDomain("news@mail.Example.com")).toBe("example.com");
    expect(registrableDomain("news@example.com")).toBe("example.com");
    expect(registrableDomain("a@b.news.example.co.uk")).toBe("example.co.uk");
    expect(registrableDomain("a@localhost")).toBe("localhost");
  });
});

describe("isLeaked", () => {
  it("is false with no sender, one sender, or later senders of the first one's domain", () => {
    expect(isLeaked([])).toBe(false);
    expect(isLeaked(["news@example.com"])).toBe(false);
    expect(isLeaked(["news@example.com", "offers@mail.example.com", "x@example.com"])).toBe(false);
  });

  it("is true once a sender of another domain writes after the first", () => {
    expect(isLeaked(["news@example.com", "deals@other.example.org"])).toBe(true);
    expect(isLeaked(["news@shop.co.uk", "news@other.co.uk"])).toBe(true);
  });
});
