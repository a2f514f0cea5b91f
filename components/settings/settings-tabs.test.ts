import { describe, expect, it } from "vitest";
import { tabForHash } from "./settings-tabs";

const tabs = [
  { id: "account", sections: [] },
  { id: "mail-in", sections: ["addresses", "import"] },
  { id: "reading", sections: ["digest"] },
];

describe("tabForHash", () => {
  it("opens the tab a link names, or the tab holding the section it names", () => {
    expect(tabForHash(tabs, "#reading")).toBe("reading");
    expect(tabForHash(tabs, "#import")).toBe("mail-in");
    expect(tabForHash(tabs, "#digest")).toBe("reading");
  });

  it("opens the first tab without a hash or with one it does not know", () => {
    expect(tabForHash(tabs, "")).toBe("account");
    expect(tabForHash(tabs, "#nothing-here")).toBe("account");
    expect(tabForHash(tabs, "#%E0%A4%A")).toBe("account");
  });
});
