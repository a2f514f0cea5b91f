import { describe, expect, it } from "vitest";
import { subscribePageFor } from "./subscribe-page";

describe("subscribePageFor", () => {
  it("prefers the subscribe page", () => {
    expect(subscribePageFor({ subscribe_page_url: "https://a.example/join", websiteUrl: "https://a.example/" })).toBe(
      "https://a.example/join",
    );
  });

  it("falls back to the website", () => {
    expect(subscribePageFor({ subscribe_page_url: null, websiteUrl: "https://a.example/" })).toBe("https://a.example/");
    expect(subscribePageFor({ subscribe_page_url: "  ", websiteUrl: "https://a.example/" })).toBe("https://a.example/");
  });

  it("finds nothing without a web address", () => {
    expect(subscribePageFor({ subscribe_page_url: null, websiteUrl: null })).toBeNull();
    expect(subscribePageFor({ subscribe_page_url: "javascript:alert(1)", websiteUrl: null })).toBeNull();
  });
});
