import { describe, expect, it } from "vitest";
import { longItemId, parseItemId, parseItemIds, parseStream } from "./ids";

describe("Google Reader item ids", () => {
  it("writes an email's id as 16 hex digits and reads every form clients send back", () => {
    expect(longItemId(42)).toBe("tag:google.com,2005:reader/item/000000000000002a");
    expect(parseItemId("tag:google.com,2005:reader/item/000000000000002a")).toBe(42);
    // As FreshRSS reads them: digits only without a leading zero are the decimal short form of
    // stream/items/ids; the long form, a zero-padded one (ReadYou's 16 digits) and one with a letter are hex.
    expect(parseItemId("2a")).toBe(42);
    expect(parseItemId("000000000000002A")).toBe(42);
    expect(parseItemId("10")).toBe(10);
    expect(parseItemId("246")).toBe(246);
    expect(parseItemId("0246")).toBe(0x246);
    expect(parseItemId("0000000000000246")).toBe(0x246);
    expect(parseItemId("tag:google.com,2005:reader/item/246")).toBe(0x246);
    expect(parseItemId("tag:google.com,2005:reader/item/0000000000000246")).toBe(0x246);
    expect(parseItemId("2147483647")).toBe(2147483647);
  });

  it("finds no email for a well-formed id beyond any, and refuses a malformed one", () => {
    expect(parseItemId("0")).toBeNull();
    expect(parseItemId("ffffffffffffffff")).toBeNull();
    expect(parseItemId("2147483648")).toBeNull();
    expect(parseItemId("1234567890123456789")).toBeNull();
    for (const raw of [
      "",
      "xyz",
      "-1",
      "12345678901234567890",
      "012345678901234567",
      "tag:google.com,2005:reader/item/",
      "1 2",
      "2a\u0000",
    ]) {
      expect(() => parseItemId(raw), raw).toThrow(/Malformed item id/);
    }
    expect(parseItemIds(["2a", "tag:google.com,2005:reader/item/000000000000002a", "0", "1"])).toEqual([42, 1]);
  });

  it("reads streams with the user's number or '-', and refuses unknown ones", () => {
    expect(parseStream("user/-/state/com.google/reading-list")).toEqual({ kind: "reading-list" });
    expect(parseStream("user/1234/state/com.google/starred")).toEqual({ kind: "starred" });
    expect(parseStream("user/-/state/com.google/read")).toEqual({ kind: "read" });
    expect(parseStream("feed/17")).toEqual({ kind: "feed", newsletterId: 17 });
    expect(parseStream("user/-/label/Tech & Science")).toEqual({ kind: "label", name: "Tech & Science" });
    for (const raw of [
      "",
      "feed/",
      "feed/x",
      "feed/99999999999",
      "user/-/label/",
      "user/-/label/a\u0000b",
      "user/-/state/com.google/like",
      "splice/1",
    ]) {
      expect(() => parseStream(raw), raw).toThrow(/Unknown stream/);
    }
  });
});
