import { describe, expect, it } from "vitest";
import { DEFAULT_FEED } from "./feed-query";
import { activeFilterLabels, clearLabel, cleared, matchCountText, noMatchText } from "./feed-match";

describe("what a narrowed feed says", () => {
  it("names the search, the filters, or both", () => {
    const search = { ...DEFAULT_FEED, search: " money " };
    expect(noMatchText(search, [])).toBe("No issues match your search for \u201cmoney\u201d.");
    const unread = { ...DEFAULT_FEED, read_status: "unread" as const, recency_filter: "last_7_days" as const };
    const labels = activeFilterLabels(unread, null);
    expect(labels).toEqual(["Unread", "Last 7 days"]);
    expect(noMatchText(unread, labels)).toBe("No issues match these filters: Unread, Last 7 days.");
    const both = { ...search, category_id: 3 };
    expect(noMatchText(both, activeFilterLabels(both, "Tech"))).toBe(
      "No issues match your search for \u201cmoney\u201d with this filter: Tech.",
    );
  });

  it("counts what matched, one or many", () => {
    const search = { ...DEFAULT_FEED, search: "money" };
    expect(matchCountText(1, search, [])).toBe("1 issue matches your search for \u201cmoney\u201d.");
    expect(matchCountText(12, search, ["Unconfirmed"])).toBe(
      "12 issues match your search for \u201cmoney\u201d with this filter: Unconfirmed.",
    );
  });

  it("clears the search and filters but keeps the sort and view", () => {
    const state = {
      ...DEFAULT_FEED,
      search: "x",
      read_status: "read" as const,
      sort_by: "subject" as const,
      view: "grid" as const,
      page: 3,
    };
    expect(cleared(state)).toEqual({ ...DEFAULT_FEED, sort_by: "subject", view: "grid" });
    expect(clearLabel(state, ["Read"])).toBe("Clear search and filters");
    expect(clearLabel({ ...state, read_status: null }, [])).toBe("Clear search");
    expect(clearLabel({ ...state, search: "" }, ["Read"])).toBe("Clear filter");
  });
});
