import { describe, expect, it } from "vitest";
import { canonicalTimezone, duePeriod, zonedInstant, type DigestSchedule } from "./schedule";

const daily = (hour: number, timezone: string): DigestSchedule => ({ frequency: "daily", hour, weekday: 1, timezone });
const at = (iso: string) => new Date(iso);

describe("duePeriod", () => {
  it("is due during the reader's local hour, keyed by their local date", () => {
    const paris = daily(7, "Europe/Paris");
    expect(duePeriod(paris, at("2026-11-27T05:59:59Z"))).toBeNull();
    expect(duePeriod(paris, at("2026-11-27T06:00:00Z"))).toBe("daily:2026-11-27");
    expect(duePeriod(paris, at("2026-11-27T06:59:59Z"))).toBe("daily:2026-11-27");
    expect(duePeriod(paris, at("2026-11-27T07:00:00Z"))).toBeNull();
    // Half-hour zones and zones behind UTC whose local day is still yesterday.
    expect(duePeriod(daily(9, "Asia/Kolkata"), at("2026-11-27T03:30:00Z"))).toBe("daily:2026-11-27");
    expect(duePeriod(daily(9, "Asia/Kolkata"), at("2026-11-27T03:29:00Z"))).toBeNull();
    expect(duePeriod(daily(23, "America/Los_Angeles"), at("2026-11-28T07:30:00Z"))).toBe("daily:2026-11-27");
    expect(duePeriod(daily(0, "Pacific/Auckland"), at("2026-11-27T11:05:00Z"))).toBe("daily:2026-11-28");
  });

  it("is due weekly only on the chosen local weekday (Sunday 0)", () => {
    const monday = { frequency: "weekly", hour: 8, weekday: 1, timezone: "Europe/London" } as const;
    expect(duePeriod(monday, at("2026-11-23T08:10:00Z"))).toBe("weekly:2026-11-23");
    expect(duePeriod(monday, at("2026-11-24T08:10:00Z"))).toBeNull();
    // Sunday 22:00 in New York is already Monday in UTC: the reader's weekday counts.
    const sunday = { frequency: "weekly", hour: 22, weekday: 0, timezone: "America/New_York" } as const;
    expect(duePeriod(sunday, at("2026-11-30T03:15:00Z"))).toBe("weekly:2026-11-29");
    expect(duePeriod({ ...sunday, weekday: 1 }, at("2026-11-30T03:15:00Z"))).toBeNull();
  });

  it("is never due when off", () => {
    expect(duePeriod({ frequency: "off", hour: 6, weekday: 1, timezone: "UTC" }, at("2026-11-27T06:00:00Z"))).toBeNull();
  });

  it("sends on the day a DST change skips the chosen hour, at the hour after", () => {
    // New York skips 02:00-03:00 on 8 March 2026: 03:00 EDT is 07:00 UTC.
    const twoAm = daily(2, "America/New_York");
    expect(duePeriod(twoAm, at("2026-03-08T06:30:00Z"))).toBeNull();
    expect(duePeriod(twoAm, at("2026-03-08T07:30:00Z"))).toBe("daily:2026-03-08");
    expect(duePeriod(twoAm, at("2026-03-09T06:30:00Z"))).toBe("daily:2026-03-09");
    // Berlin and Sydney (the southern spring, in October) likewise.
    expect(duePeriod(daily(2, "Europe/Berlin"), at("2026-03-29T01:10:00Z"))).toBe("daily:2026-03-29");
    expect(duePeriod(daily(2, "Australia/Sydney"), at("2026-10-03T16:10:00Z"))).toBe("daily:2026-10-04");
  });

  it("sends once on the day a DST change repeats the chosen hour, in its first occurrence", () => {
    // New York reads 01:00-02:00 twice on 1 November 2026: first EDT (05:00 UTC), then EST (06:00 UTC).
    const oneAm = daily(1, "America/New_York");
    expect(duePeriod(oneAm, at("2026-11-01T05:30:00Z"))).toBe("daily:2026-11-01");
    expect(duePeriod(oneAm, at("2026-11-01T06:30:00Z"))).toBeNull();
    // The hour after the change keeps its place in UTC: 07:00 EST is 12:00 UTC.
    expect(duePeriod(daily(7, "America/New_York"), at("2026-11-01T12:00:00Z"))).toBe("daily:2026-11-01");
    expect(duePeriod(daily(7, "America/New_York"), at("2026-10-31T11:00:00Z"))).toBe("daily:2026-10-31");
  });
});

describe("zonedInstant", () => {
  it("reads a wall-clock hour in the zone", () => {
    expect(new Date(zonedInstant({ year: 2026, month: 7, day: 1 }, 9, "Europe/Paris")).toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(new Date(zonedInstant({ year: 2026, month: 1, day: 1 }, 9, "Europe/Paris")).toISOString()).toBe("2026-01-01T08:00:00.000Z");
    expect(new Date(zonedInstant({ year: 2026, month: 1, day: 1 }, 0, "UTC")).toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });
});

describe("canonicalTimezone", () => {
  it("takes IANA names, in any case, and refuses the rest", () => {
    expect(canonicalTimezone("Europe/Paris")).toBe("Europe/Paris");
    expect(canonicalTimezone("europe/paris")).toBe("Europe/Paris");
    expect(canonicalTimezone("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(canonicalTimezone("UTC")).toBe("UTC");
    for (const bad of ["Mars/Olympus_Mons", "+05:00", "", "Europe/", "../etc/passwd", "EST5EDT,M3.2.0,M11.1.0"])
      expect(canonicalTimezone(bad)).toBeNull();
  });
});
