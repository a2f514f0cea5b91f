import { describe, expect, it } from "vitest";
import { formatSize } from "./attachments";

describe("formatSize", () => {
  it("says bytes, kilobytes or megabytes", () => {
    expect([812, 14_400, 2_411_725].map(formatSize)).toEqual(["812 B", "14 KB", "2.3 MB"]);
  });
});
