import { describe, expect, it } from "vitest";
import { sendingFrequency } from "./filing";

const days = (...offsets: number[]) => offsets.map((offset) => new Date(Date.UTC(2022, 0, 1) + offset * 86_400_000));

describe("sendingFrequency", () => {
  it("needs three issues before naming a cadence", () => {
    expect(sendingFrequency(days(0, 7))).toBeNull();
  });

  it.each([
    [days(0, 1, 2, 3, 4), "Daily"],
    [days(0, 7, 14, 21), "Weekly"],
    [days(0, 7, 13, 22, 28), "Weekly"],
    [days(0, 14, 28, 42), "Biweekly"],
    [days(0, 30, 61, 91), "Monthly"],
    [days(0, 90, 200), "Irregular"],
  ])("reads the median gap of %#", (dates, expected) => {
    expect(sendingFrequency(dates)).toBe(expected);
  });
});
