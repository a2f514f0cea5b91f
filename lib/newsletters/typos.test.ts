import { describe, expect, it } from "vitest";
import { oneSlipAway, prefixQuery, searchWords, typoQuery } from "./typos";

describe("oneSlipAway", () => {
  const spellings = new Set(oneSlipAway("tehc"));
  it.each([
    ["a swapped pair", "tech"],
    ["an extra letter typed", "tec"],
    ["a missing letter", "tehch"],
    ["a wrong letter", "tehx"],
    ["the word itself", "tehc"],
  ])("includes %s (%s)", (_kind, spelling) => {
    expect(spellings.has(spelling)).toBe(true);
  });

  it("leaves out spellings two slips away", () => {
    expect(spellings.has("tcxe")).toBe(false);
    expect(spellings.has("he")).toBe(false);
  });

  it("keeps letters outside a-z that the word has", () => {
    expect(oneSlipAway("cafe")).not.toContain("café");
    expect(oneSlipAway("säge")).toContain("sägä");
  });
});

describe("typoQuery", () => {
  it("asks for every word of 4 letters or more, each in any spelling one slip away", () => {
    const query = typoQuery("The Tehc brwe")!;
    const groups = query.split(" & ");
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatch(/^\(.*\btech\b.*\)$/);
    expect(groups[1]).toMatch(/\bbrew\b/);
  });

  it("is null for a search without such a word: short words, punctuation, emoji", () => {
    expect(typoQuery("the ai")).toBeNull();
    expect(typoQuery("!!! ... ???")).toBeNull();
    expect(typoQuery("🎉🎉 🚀")).toBeNull();
  });

  it("writes only letters and digits into the query's syntax", () => {
    expect(typoQuery("tech's & news | (now)")).not.toMatch(/['()]{2}|\|\s*\|/);
    expect(searchWords("Tech's, news!")).toEqual(["tech", "s", "news"]);
  });
});

describe("prefixQuery", () => {
  it("asks for every word as typed or begun", () => {
    expect(prefixQuery("Strat tech")).toBe("strat:* & tech:*");
    expect(prefixQuery("🎉")).toBeNull();
  });
});
