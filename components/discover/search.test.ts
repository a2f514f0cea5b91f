import { describe, expect, it } from "vitest";
import { isSearching, SEARCH_DEBOUNCE_MS, searchTerm } from "./search";

describe("discover search rules", () => {
  it("waits 300 ms", () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });

  it("treats a blank box as no search, so the sections show and no call is made", () => {
    for (const input of ["", "   ", "\t\n"]) expect(isSearching(searchTerm(input))).toBe(false);
  });

  it("searches the trimmed term with inner runs of spaces collapsed", () => {
    expect(searchTerm("  morning   brew ")).toBe("morning brew");
    expect(isSearching(searchTerm(" ai "))).toBe(true);
  });
});
