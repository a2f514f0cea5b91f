import { describe, expect, it } from "vitest";
import { initialTheme, isTheme, oppositeTheme } from "./theme";

describe("initialTheme", () => {
  it("prefers the stored choice", () => {
    expect(initialTheme("light", true)).toBe("light");
    expect(initialTheme("dark", false)).toBe("dark");
  });

  it("falls back to the system preference, then light", () => {
    expect(initialTheme(null, true)).toBe("dark");
    expect(initialTheme(null, false)).toBe("light");
    expect(initialTheme("purple", false)).toBe("light");
  });
});

describe("theme helpers", () => {
  it("knows the two themes and flips between them", () => {
    expect(isTheme("dark")).toBe(true);
    expect(isTheme("system")).toBe(false);
    expect(oppositeTheme("dark")).toBe("light");
    expect(oppositeTheme("light")).toBe("dark");
  });
});
