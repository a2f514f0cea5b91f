import { describe, expect, it } from "vitest";
import { earlyScript } from "@/lib/api/early";
import { DEFAULT_FEED, feedApiParams, feedFromParams, pendingConfirmationParams } from "../feed/feed-query";
import { firstScreenRequests } from "./first-screen-requests";

const FRAME = ["/api/users/me", "/api/users/me/subscriptions"];

describe("firstScreenRequests", () => {
  it("starts the feed's page and its waiting confirmations as the feed asks for them", () => {
    expect(firstScreenRequests("/feed", "")).toEqual([
      ...FRAME,
      `/api/issues/feed?${feedApiParams(DEFAULT_FEED)}`,
      `/api/issues/feed?${pendingConfirmationParams(DEFAULT_FEED)}`,
    ]);
  });

  it("follows the feed's filters in the URL, and leaves the confirmations out where the feed does", () => {
    const search = "?page=2&read_status=unread&search=rust+news";
    const state = feedFromParams(new URLSearchParams(search));
    expect(firstScreenRequests("/feed", search)).toEqual([...FRAME, `/api/issues/feed?${feedApiParams(state)}`]);
    expect(feedApiParams(state).get("search")).toBe("rust news");
  });

  it("starts nothing on the other pages yet", () => {
    expect(firstScreenRequests("/emails/42", "")).toEqual([]);
    expect(firstScreenRequests("/settings", "?tab=feeds")).toEqual([]);
  });
});

describe("earlyScript", () => {
  it("cannot end its script element, whatever a path holds", () => {
    const script = earlyScript(["/api/issues/feed?search=</script><script>alert(1)</script>"]);
    expect(script).not.toContain("</script>");
    expect(script).toContain("\\u003c/script>");
  });
});
