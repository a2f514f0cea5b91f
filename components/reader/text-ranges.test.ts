// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { sentencesOf } from "./text-ranges";

describe("sentencesOf", () => {
  it("gives each sentence the range of the page's text it covers, across inline markup and blocks", () => {
    const root = document.createElement("div");
    root.innerHTML =
      "<h2>Morning brief</h2><p>Rates held <em>again</em>. Markets <a href='#'>shrugged</a>!</p><ul><li>One</li><li>Two things.</li></ul>";
    const sentences = sentencesOf(root, "en");
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      "Morning brief",
      "Rates held again.",
      "Markets shrugged!",
      "One",
      "Two things.",
    ]);
    expect(sentences.map((sentence) => sentence.range.toString())).toEqual(sentences.map((sentence) => sentence.text));
  });

  it("has nothing to read in an empty article", () => {
    expect(sentencesOf(document.createElement("div"), "en")).toEqual([]);
  });
});
