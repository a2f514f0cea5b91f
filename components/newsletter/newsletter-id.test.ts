import { describe, expect, it } from "vitest";
import { parseNewsletterId } from "./newsletter-id";

describe("parseNewsletterId", () => {
  it("accepts a positive integer", () => {
    expect(parseNewsletterId("42")).toBe(42);
  });

  it.each(["", "abc", "4.2", "-3", "0", "1e3", "12abc", "99999999999"])("refuses %j", (raw) => {
    expect(parseNewsletterId(raw)).toBeNull();
  });
});
