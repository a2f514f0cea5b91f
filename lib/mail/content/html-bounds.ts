import "server-only";

/**
 * How deep and how large mail HTML may be before it is read as text instead. htmlparser2 keeps its open
 * elements in an array it shifts at every tag, so a tag costs as much as the nesting around it: 50,000
 * nested <div> (550 KB) took 10 s to file and 200,000 took 159 s. The corpus nests at most 45 deep and
 * browsers stop nesting at 512; past these bounds the work per tag and per message stays small.
 */
export const MAX_HTML_DEPTH = 256;
export const MAX_HTML_ELEMENTS = 100_000;

/** Thrown from a parser's callbacks, which stops the parse: the HTML is past MAX_HTML_DEPTH or MAX_HTML_ELEMENTS. */
export class HtmlPastBoundsError extends Error {
  constructor(readonly bound: "depth" | "elements") {
    super(`HTML past its ${bound} bound`);
    this.name = "HtmlPastBoundsError";
  }
}

/**
 * Counts what a parser opens and closes (every element it opens it closes once, void ones at once, the
 * rest by the end), so `depth` is the parser's own count of open elements.
 */
export function htmlBounds(): { opened(): void; closed(): void } {
  let depth = 0;
  let elements = 0;
  return {
    opened() {
      if (++depth > MAX_HTML_DEPTH) throw new HtmlPastBoundsError("depth");
      if (++elements > MAX_HTML_ELEMENTS) throw new HtmlPastBoundsError("elements");
    },
    closed() {
      depth--;
    },
  };
}
