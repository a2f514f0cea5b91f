import { describe, expect, it } from "vitest";
import { splitSentences } from "./sentences";

describe("splitSentences", () => {
  it("splits a newsletter paragraph into its sentences, with their places in the text", () => {
    const text = "Good morning. The Fed held rates at 4.5% on Wednesday, as Jerome Powell said it would! What next?";
    const sentences = splitSentences(text, "en");
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      "Good morning.",
      "The Fed held rates at 4.5% on Wednesday, as Jerome Powell said it would!",
      "What next?",
    ]);
    for (const sentence of sentences) expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
  });

  it("ends a sentence at a line break, so a heading is read on its own", () => {
    const text = "Today in tech\n\nApple shipped a phone. It is blue.";
    expect(splitSentences(text, "en").map((sentence) => sentence.text)).toEqual(["Today in tech", "Apple shipped a phone.", "It is blue."]);
  });

  it("skips runs with nothing to say", () => {
    expect(splitSentences("•\n\n— — —\n\nRead on.", "en").map((sentence) => sentence.text)).toEqual(["Read on."]);
    expect(splitSentences("", "en")).toEqual([]);
  });

  it("cuts a very long sentence at word boundaries, each part where it lies", () => {
    const text = `${"word ".repeat(150)}end.`;
    const sentences = splitSentences(text, "en");
    expect(sentences.length).toBeGreaterThan(2);
    for (const sentence of sentences) {
      expect(sentence.text.length).toBeLessThanOrEqual(280);
      expect(text.slice(sentence.start, sentence.end).trim()).toBe(sentence.text);
    }
    expect(sentences.map((sentence) => sentence.text).join(" ")).toBe(text.trim());
  });
});
