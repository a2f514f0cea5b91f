import { describe, expect, it } from "vitest";
import { oneSlipApart, prefixQuery, searchWords, typoQuery } from "./typos";

describe("oneSlipApart", () => {
  it.each([
    ["a swapped pair", "tehc", "tech"],
    ["a missing letter", "tec", "tech"],
    ["an extra letter", "teach", "tech"],
    ["a wrong letter", "tesh", "tech"],
    ["the word itself", "tech", "tech"],
    ["a slip in a word with letters outside a-z", "sägr", "säge"],
  ])("accepts %s (%s for %s)", (_kind, typed, word) => {
    expect(oneSlipApart(typed, word)).toBe(true);
  });

  it.each([
    ["letters moved two places", "ecth", "tech"],
    ["two letters missing", "th", "tech"],
    ["a swap and a wrong letter", "tcex", "tech"],
    ["two wrong letters", "taxh", "tech"],
  ])("refuses %s (%s for %s)", (_kind, typed, word) => {
    expect(oneSlipApart(typed, word)).toBe(false);
  });
});

describe("typoQuery", () => {
  const vocabulary = ["tech", "brew", "daily", "teach", "news"];

  it("asks for every word of 4 letters or more, each as a known word one slip away", () => {
    expect(typoQuery("The Tehc brwe", vocabulary)).toBe("(tech) & (brew)");
    expect(typoQuery("tesch", vocabulary)).toBe("(tech | teach)");
  });

  it("is null when a word has no known spelling one slip away", () => {
    expect(typoQuery("tehc zzzz", vocabulary)).toBeNull();
  });

  it("is null for a search without such a word: short words, punctuation, emoji", () => {
    expect(typoQuery("the ai", vocabulary)).toBeNull();
    expect(typoQuery("!!! ... ???", vocabulary)).toBeNull();
    expect(typoQuery("🎉🎉 🚀", vocabulary)).toBeNull();
  });

  it("takes words as letters and digits only", () => {
    expect(searchWords("Tech's, news!")).toEqual(["tech", "s", "news"]);
  });
});

describe("prefixQuery", () => {
  it("asks for every word as typed or begun", () => {
    expect(prefixQuery("Strat tech")).toBe("strat:* & tech:*");
    expect(prefixQuery("🎉")).toBeNull();
  });
});
