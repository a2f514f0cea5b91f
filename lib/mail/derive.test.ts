import { describe, expect, it } from "vitest";
import { countWords, deriveFromHtml, summarize } from "./derive";

describe("countWords", () => {
  it.each([
    ["Hello, world!", 2],
    ["It's a well-known fact: 3.5 people read e.g. this.", 9],
    ["Crêpes à la française — déjà vu", 6],
    ["see https://letters.example.org/plain?a=1&b=2 now", 9],
    ["今週のニュースをお届けします", 8],
    ["", 0],
  ])("counts %j as %i words", (text, expected) => {
    expect(countWords(text)).toBe(expected);
  });

  it("counts a long mixed-script text, read in pieces, exactly as the sum of its parts", () => {
    const unit = "今週のニュースをお届けします and a few well-known English words. ";
    expect(countWords(unit.repeat(700))).toBe(countWords(unit) * 700);
  });
});

describe("deriveFromHtml", () => {
  it("takes the hidden preheader, skips chrome in the summary and tiny images for the thumbnail", () => {
    const derived = deriveFromHtml(
      '<div style="display:none">The preview line&zwnj;&nbsp;&#847;</div><p><a href="https://x.example/web">View in browser</a></p><img src="https://x.example/logo.png" width="200"><img src="https://x.example/small.png" width="40" height="40"><img src="https://x.example/hero.jpg" width="600"><p>First real paragraph of the issue, with enough words to count.</p>',
      "Subject",
    );
    expect(derived).toMatchObject({ preheader: "The preview line", summary: "The preview line", thumbnailUrl: "https://x.example/hero.jpg", wordCount: 14 });
  });

  it("summarizes at most 300 characters on a word boundary", () => {
    const summary = summarize(["A fairly long opening line that keeps going. ".repeat(12)]);
    expect(summary.length).toBeLessThanOrEqual(300);
    expect(summary.endsWith(".")).toBe(true);
  });
});
