import { describe, expect, it } from "vitest";
import {
  DEFAULT_FEED,
  acceptPage,
  allToNull,
  feedApiParams,
  feedFromParams,
  feedToParams,
  isUnfiltered,
  nextSort,
  pendingConfirmationParams,
  subscriptionOffers,
  withFilters,
} from "./feed-query";

describe("nextSort", () => {
  it("flips the order of the active column", () => {
    expect(nextSort({ sort_by: "date_received", sort_order: "desc" }, "date_received")).toEqual({
      sort_by: "date_received",
      sort_order: "asc",
    });
    expect(nextSort({ sort_by: "subject", sort_order: "asc" }, "subject")).toEqual({ sort_by: "subject", sort_order: "desc" });
  });
  it("starts a different column ascending", () => {
    expect(nextSort({ sort_by: "date_received", sort_order: "desc" }, "time_to_read")).toEqual({
      sort_by: "time_to_read",
      sort_order: "asc",
    });
  });
});

describe("feed state in the URL", () => {
  it("leaves the defaults out, page 1 included", () => {
    expect(feedToParams(DEFAULT_FEED).toString()).toBe("");
  });
  it("round-trips every control", () => {
    const state = {
      ...DEFAULT_FEED,
      page: 3,
      search: "ai",
      category_id: 4,
      subscription_status: "unsubscribed",
      read_status: "unread",
      recency_filter: "last_30_days",
      sort_by: "subject",
      sort_order: "asc",
      view: "grid",
    } as const;
    const params = feedToParams(state);
    expect(params.toString()).toBe(
      "search=ai&category=4&subscription=unsubscribed&read=unread&recency=last_30_days&sort=subject&order=asc&view=grid&page=3",
    );
    expect(feedFromParams(params)).toEqual(state);
  });
  it("ignores values it does not know", () => {
    expect(feedFromParams(new URLSearchParams("page=0&category=x&read=all&sort=drop&order=up&view=5"))).toEqual(DEFAULT_FEED);
    expect(feedFromParams(new URLSearchParams("page=-2")).page).toBe(1);
  });
});

describe("feedApiParams", () => {
  it("sends the defaults of docs/spec.md and no null filters", () => {
    expect(feedApiParams(DEFAULT_FEED).toString()).toBe(
      "page=1&page_size=20&sort_by=date_received&sort_order=desc&recency_filter=all_time",
    );
  });
  it("sends set filters and a trimmed search", () => {
    const params = feedApiParams({
      ...DEFAULT_FEED,
      search: " news ",
      read_status: "read",
      subscription_status: "subscribed",
      category_id: 2,
    });
    expect(params.get("search")).toBe("news");
    expect(params.get("read_status")).toBe("read");
    expect(params.get("subscription_status")).toBe("subscribed");
    expect(params.get("category_id")).toBe("2");
  });
});

describe("filters", () => {
  it("reset to page 1", () => {
    expect(withFilters({ ...DEFAULT_FEED, page: 4 }, { read_status: "read" }).page).toBe(1);
    expect(withFilters({ ...DEFAULT_FEED, page: 4 }, { search: "x" })).toMatchObject({ page: 1, search: "x" });
  });
  it("store 'all' as null", () => {
    expect(allToNull("all", ["read", "unread"] as const)).toBeNull();
    expect(allToNull("read", ["read", "unread"] as const)).toBe("read");
  });
});

describe("acceptPage", () => {
  it("refuses while loading, the same page and out of range", () => {
    expect(acceptPage(1, 2, 3, true)).toBe(false);
    expect(acceptPage(2, 2, 3, false)).toBe(false);
    expect(acceptPage(1, 0, 3, false)).toBe(false);
    expect(acceptPage(1, 4, 3, false)).toBe(false);
    expect(acceptPage(1, 3, 3, false)).toBe(true);
  });
});

describe("isUnfiltered", () => {
  it("holds for the whole feed, whatever its order, view or page, and not once a filter narrows it", () => {
    expect(isUnfiltered(DEFAULT_FEED)).toBe(true);
    expect(isUnfiltered({ ...DEFAULT_FEED, sort_by: "time_to_read", sort_order: "asc", view: "grid", page: 2, search: "  " })).toBe(true);
    for (const narrowed of [
      { search: "rust" },
      { category_id: 3 },
      { subscription_status: "subscribed" as const },
      { read_status: "unread" as const },
      { recency_filter: "last_7_days" as const },
    ])
      expect(isUnfiltered({ ...DEFAULT_FEED, ...narrowed }), JSON.stringify(narrowed)).toBe(false);
  });
});

describe("pendingConfirmationParams", () => {
  it("asks for unread confirmations matching the search and filters, first page only", () => {
    const params = pendingConfirmationParams({ ...DEFAULT_FEED, search: "cool", category_id: 3 });
    expect(Object.fromEntries(params!)).toMatchObject({
      page: "1",
      page_size: "10",
      kind: "confirmation",
      read_status: "unread",
      search: "cool",
      category_id: "3",
    });
    expect(pendingConfirmationParams({ ...DEFAULT_FEED, page: 2 })).toBeNull();
    expect(pendingConfirmationParams({ ...DEFAULT_FEED, read_status: "read" })).toBeNull();
  });
});

describe("subscriptionOffers", () => {
  const email = (id: number, newsletter: number | null, fields: { is_subscribed?: boolean; kind?: string } = {}) => ({
    id,
    newsletter_metadata_id: newsletter,
    is_subscribed: fields.is_subscribed ?? false,
    kind: fields.kind ?? "issue",
  });
  it("offers each unconfirmed newsletter once, on its first issue shown", () => {
    const offers = subscriptionOffers([
      email(1, 10),
      email(2, 10),
      email(3, 20, { is_subscribed: true }),
      email(4, 30),
      email(5, 30),
      email(6, null),
      email(7, null),
      email(8, 40, { kind: "confirmation" }),
    ]);
    expect([...offers]).toEqual([1, 4, 6, 7]);
  });
});
