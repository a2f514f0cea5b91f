import { describe, expect, it } from "vitest";
import { locateQuote, withoutWhitespace } from "./anchor";

describe("locateQuote", () => {
  const text = withoutWhitespace("The cat sat.\nThe dog sat on the mat.\n\nThe cat sat again.");

  it("finds a quote whatever its whitespace", () => {
    expect(locateQuote(text, { quote: "dog  sat\non" })).toEqual({ start: text.indexOf("dogsaton"), end: text.indexOf("dogsaton") + 8 });
  });

  it("picks the repeat whose prefix and suffix match", () => {
    const first = locateQuote(text, { quote: "The cat sat" });
    const second = locateQuote(text, { quote: "The cat sat", prefix: "on the mat.\n\n", suffix: " again." });
    expect(first?.start).toBe(0);
    expect(second?.start).toBe(text.lastIndexOf("Thecatsat"));
  });

  it("answers null for a quote that is not there, or is only whitespace", () => {
    expect(locateQuote(text, { quote: "The bird" })).toBeNull();
    expect(locateQuote(text, { quote: " \n " })).toBeNull();
  });
});
