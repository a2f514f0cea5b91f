import { describe, expect, it } from "vitest";
import { quickStats } from "./quick-stats";

const base = {
  websiteUrl: "https://www.example.com/",
  sending_frequency: "Weekly",
  total_subscribers: 0,
  total_issues: 12,
  total_likes: 0,
  first_seen: "2026-01-05T10:00:00.000Z",
  last_seen: null,
};

describe("quickStats", () => {
  it("leaves out subscribers and likes while there are none", () => {
    expect(quickStats(base).map((stat) => stat.label)).toEqual(["Website", "Frequency", "Total Issues", "First Seen", "Last Seen"]);
  });

  it("shows subscribers and likes abbreviated once there are some", () => {
    const stats = quickStats({ ...base, total_subscribers: 1500, total_likes: 3 });
    expect(stats.find((stat) => stat.label === "Subscribers")?.value).toBe("1.5k");
    expect(stats.find((stat) => stat.label === "Total Likes")?.value).toBe("3");
  });

  it("links the website by its host and drops the row without one", () => {
    expect(quickStats(base)[0]).toEqual({ label: "Website", value: "example.com", href: "https://www.example.com/" });
    expect(quickStats({ ...base, websiteUrl: null })[0].label).toBe("Frequency");
  });

  it("says when a date is not known yet", () => {
    expect(quickStats(base).at(-1)).toEqual({ label: "Last Seen", value: "Not yet" });
  });
});
