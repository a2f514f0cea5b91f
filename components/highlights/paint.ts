import { CONTEXT_LENGTH, locateQuote, type TextQuote } from "@/lib/highlights/anchor";
import type { HighlightColor } from "@/lib/client/highlights";

/** Fill and ink of each colour: set on the mark itself, so the issue's own styles and the frame's policy need nothing. */
export const HIGHLIGHT_INK: Record<HighlightColor, { label: string; background: string }> = {
  yellow: { label: "Yellow", background: "#fde68a" },
  green: { label: "Green", background: "#bbf7d0" },
  blue: { label: "Blue", background: "#bfdbfe" },
  pink: { label: "Pink", background: "#fbcfe8" },
};

const HIGHLIGHT_ATTRIBUTE = "data-highlight-id";

type Painted = TextQuote & { id: number; color: HighlightColor };
type Segment = { node: Text; start: number; end: number; highlight: Painted };

const HIDDEN = "style, script, noscript, template, title, head";

/** The text nodes a reader sees, in document order. */
function textNodes(root: Element): Text[] {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest(HIDDEN) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

/** The root's text without whitespace (as lib/highlights/anchor.ts compares it), each character's node and offset. */
function flatText(nodes: Text[]): { flat: string; at: { index: number; offset: number }[] } {
  let flat = "";
  const at: { index: number; offset: number }[] = [];
  nodes.forEach((node, index) => {
    const data = node.data;
    for (let offset = 0; offset < data.length; offset++) {
      if (/\s/.test(data[offset])) continue;
      flat += data[offset];
      at.push({ index, offset });
    }
  });
  return { flat, at };
}

/** Takes the marks out again, leaving the text as it was. */
export function clearHighlights(root: Element): void {
  for (const mark of Array.from(root.querySelectorAll(`mark[${HIGHLIGHT_ATTRIBUTE}]`))) mark.replaceWith(...Array.from(mark.childNodes));
  root.normalize();
}

function segmentsOf(nodes: Text[], text: ReturnType<typeof flatText>, highlight: Painted): Segment[] {
  const found = locateQuote(text.flat, highlight);
  if (!found) return [];
  const first = text.at[found.start];
  const last = text.at[found.end - 1];
  const segments: Segment[] = [];
  for (let index = first.index; index <= last.index; index++) {
    const node = nodes[index];
    const start = index === first.index ? first.offset : 0;
    const end = index === last.index ? last.offset + 1 : node.length;
    segments.push({ node, start, end, highlight });
  }
  return segments;
}

function wrap(node: Text, highlight: Painted): void {
  const mark = node.ownerDocument.createElement("mark");
  mark.setAttribute(HIGHLIGHT_ATTRIBUTE, String(highlight.id));
  mark.style.backgroundColor = HIGHLIGHT_INK[highlight.color].background;
  mark.style.color = "#0f172a";
  mark.style.borderRadius = "2px";
  node.replaceWith(mark);
  mark.append(node);
}

/**
 * Paints each highlight where its quote is (re-anchored by quote, prefix and suffix), one mark per text node
 * it covers; where two overlap, the later one shows. Returns the ids it could not find in the text.
 */
export function paintHighlights(root: Element, highlights: Painted[]): number[] {
  clearHighlights(root);
  const nodes = textNodes(root);
  const text = flatText(nodes);
  const missing: number[] = [];
  const byNode = new Map<Text, Segment[]>();
  for (const highlight of highlights) {
    const segments = segmentsOf(nodes, text, highlight);
    if (segments.length === 0) missing.push(highlight.id);
    for (const segment of segments) byNode.set(segment.node, [...(byNode.get(segment.node) ?? []), segment]);
  }
  for (const [node, segments] of byNode) {
    const length = node.length;
    const cuts = [...new Set(segments.flatMap((segment) => [segment.start, segment.end]))].filter((cut) => cut > 0 && cut < length);
    cuts.sort((left, right) => left - right);
    const pieces: { node: Text; start: number; end: number }[] = [];
    let rest = node;
    let base = 0;
    for (const cut of cuts) {
      const tail = rest.splitText(cut - base);
      pieces.push({ node: rest, start: base, end: cut });
      rest = tail;
      base = cut;
    }
    pieces.push({ node: rest, start: base, end: length });
    for (const piece of pieces) {
      const covering = segments.findLast((segment) => segment.start <= piece.start && segment.end >= piece.end);
      // Whitespace alone between table cells or list items is left where it is.
      if (covering && piece.node.data.trim()) wrap(piece.node, covering.highlight);
    }
  }
  return missing;
}

/** The selection inside `root` as a text-quote selector, or null when nothing (or only whitespace) is selected there. */
export function selectedQuote(root: Element): (TextQuote & { prefix: string; suffix: string; range: Range }) | null {
  const selection = root.ownerDocument.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0).cloneRange();
  if (!root.contains(range.startContainer)) return null;
  // A triple click ends the selection at the start of whatever follows the paragraph, which may lie past `root`.
  if (!root.contains(range.endContainer)) range.setEnd(root, root.childNodes.length);
  const quote = range.toString().trim();
  if (!quote) return null;
  const before = root.ownerDocument.createRange();
  before.selectNodeContents(root);
  before.setEnd(range.startContainer, range.startOffset);
  const after = root.ownerDocument.createRange();
  after.selectNodeContents(root);
  after.setStart(range.endContainer, range.endOffset);
  return {
    quote,
    prefix: before.toString().slice(-CONTEXT_LENGTH),
    suffix: after.toString().slice(0, CONTEXT_LENGTH),
    range,
  };
}
