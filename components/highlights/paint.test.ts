// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { clearHighlights, paintHighlights, selectedQuote } from "./paint";

function body(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}

const marked = (root: Element) =>
  Array.from(root.querySelectorAll("mark")).map((mark) => [mark.getAttribute("data-highlight-id"), mark.textContent]);

describe("paintHighlights", () => {
  it("marks a quote across elements, one mark per text node, and leaves whitespace between cells alone", () => {
    const root = body("<style>p{}</style><p>One <b>two</b> three</p>\n<table><tr><td>four</td>\n<td>five</td></tr></table>");
    expect(paintHighlights(root, [{ id: 1, color: "yellow", quote: "two three\nfour five" }])).toEqual([]);
    expect(marked(root)).toEqual([
      ["1", "two"],
      ["1", " three"],
      ["1", "four"],
      ["1", "five"],
    ]);
    expect(root.textContent).toBe("p{}One two three\nfour\nfive");
  });

  it("finds the repeat its prefix and suffix name, lets a later highlight show over an earlier one, and says what it could not find", () => {
    const root = body("<p>the cat sat. the cat ran.</p>");
    const missing = paintHighlights(root, [
      { id: 1, color: "green", quote: "the cat", prefix: "sat. ", suffix: " ran" },
      { id: 2, color: "blue", quote: "cat ran" },
      { id: 3, color: "pink", quote: "the dog" },
    ]);
    expect(missing).toEqual([3]);
    expect(marked(root)).toEqual([
      ["1", "the "],
      ["2", "cat"],
      ["2", " ran"],
    ]);
    expect((root.querySelector('mark[data-highlight-id="2"]') as HTMLElement).style.backgroundColor).toBe("rgb(191, 219, 254)");
  });

  it("paints anew without marking twice, and clearing gives the text back as it was", () => {
    const root = body("<p>Alpha beta gamma</p>");
    paintHighlights(root, [{ id: 1, color: "yellow", quote: "beta" }]);
    paintHighlights(root, [{ id: 1, color: "yellow", quote: "beta" }]);
    expect(marked(root)).toEqual([["1", "beta"]]);
    clearHighlights(root);
    expect(root.innerHTML).toBe("<p>Alpha beta gamma</p>");
    expect(root.querySelector("p")?.childNodes).toHaveLength(1);
  });
});

describe("selectedQuote", () => {
  it("reads the selection with the text around it, and nothing when the selection is empty", () => {
    const root = body("<p>Before the words. The chosen words here. After them.</p>");
    const text = root.querySelector("p")!.firstChild as Text;
    const range = document.createRange();
    const start = text.data.indexOf("The chosen");
    range.setStart(text, start);
    range.setEnd(text, start + "The chosen words".length);
    document.getSelection()!.removeAllRanges();
    expect(selectedQuote(root)).toBeNull();
    document.getSelection()!.addRange(range);
    expect(selectedQuote(root)).toMatchObject({ quote: "The chosen words", prefix: "Before the words. ", suffix: " here. After them." });
  });
});
