import { describe, expect, it } from "vitest";
import { normalizeBlockedSender, senderBlockKeys } from "./sender";

describe("normalizeBlockedSender", () => {
  it.each([
    ["News@Example.COM ", "news@example.com"],
    ["@Example.com", "@example.com"],
    ["first.last+promo@mail.example.co.uk", "first.last+promo@mail.example.co.uk"],
  ])("keeps %j as %j", (input, stored) => expect(normalizeBlockedSender(input)).toBe(stored));

  it.each([
    "",
    "example.com",
    "news@",
    "@",
    "@localhost",
    "a@b@example.com",
    "news@exa mple.com",
    ".news@example.com",
    "news@-example.com",
    "Name <news@example.com>",
  ])("refuses %j", (input) => expect(normalizeBlockedSender(input)).toBeNull());
});

describe("senderBlockKeys", () => {
  it("names the address, its untagged form and every parent domain", () => {
    expect(senderBlockKeys("News+x@Mail.Example.com")).toEqual([
      "news+x@mail.example.com",
      "news@mail.example.com",
      "@mail.example.com",
      "@example.com",
    ]);
  });
});
