import { describe, expect, it } from "vitest";
import { hasMalformedEncoding } from "./malformed-path";

describe("hasMalformedEncoding", () => {
  it("finds a percent sign that starts no escape, or an escape that is no UTF-8", () => {
    for (const path of ["/api/issues/%ZZ", "/feeds/%/all.atom", "/emails/%E0%A4%A", "/emails/%C3%28"]) {
      expect(hasMalformedEncoding(path), path).toBe(true);
    }
  });

  it("lets plain and well-escaped paths through", () => {
    for (const path of ["/feed", "/api/greader/reader/api/0/stream/contents/user%2F-%2Flabel%2FA%20%26%20B", "/emails/%C3%A9"]) {
      expect(hasMalformedEncoding(path), path).toBe(false);
    }
  });
});
