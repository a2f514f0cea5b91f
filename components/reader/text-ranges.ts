import { splitSentences } from "./sentences";

const BLOCK = "p, h1, h2, h3, h4, h5, h6, li, blockquote, pre, td, th, dt, dd, figcaption, caption, div, section, article";

/** A sentence of the shown article and the stretch of the page it covers. */
export type SpokenSentence = { text: string; range: Range };

/**
 * The article's sentences, each with its Range over the page's own text nodes. Texts of different blocks
 * are joined with a line break, which ends a sentence (a heading never runs into its paragraph).
 */
export function sentencesOf(root: HTMLElement, locale?: string): SpokenSentence[] {
  const nodes: { node: Text; start: number }[] = [];
  let text = "";
  let lastBlock: Element | null = null;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const block = node.parentElement?.closest(BLOCK) ?? null;
    if (block !== lastBlock && text) text += "\n";
    lastBlock = block;
    nodes.push({ node, start: text.length });
    text += node.data;
  }
  // The text node holding offset `at` of the joined text, and the offset within it.
  const locate = (at: number, isEnd: boolean) => {
    let index = nodes.length - 1;
    while (index > 0 && (isEnd ? nodes[index]!.start >= at : nodes[index]!.start > at)) index -= 1;
    const { node, start } = nodes[index]!;
    return { node, offset: Math.min(Math.max(at - start, 0), node.data.length) };
  };
  return splitSentences(text, locale).map((sentence) => {
    const range = document.createRange();
    const from = locate(sentence.start, false);
    const to = locate(sentence.end, true);
    range.setStart(from.node, from.offset);
    range.setEnd(to.node, to.offset);
    return { text: sentence.text, range };
  });
}
