/**
 * The W3C Web Annotation text-quote model, shared by the server (is the quote in the issue?) and the issue
 * page (where is it in the frame?). Both compare text with every whitespace character left out: the browser's
 * selection puts line breaks between blocks where the stored text may have none, and the other way round.
 */

export type TextQuote = { quote: string; prefix?: string; suffix?: string };

/** How much of the text before and after a selection is kept to tell repeated quotes apart. */
export const CONTEXT_LENGTH = 32;

const WHITESPACE = /\s+/g;

export function withoutWhitespace(text: string): string {
  return text.replace(WHITESPACE, "");
}

/** How many characters two strings share, counted from the end of `before` and the start of `after`. */
function sharedTail(text: string, end: number, tail: string): number {
  let count = 0;
  while (count < tail.length && end - count - 1 >= 0 && text[end - count - 1] === tail[tail.length - count - 1]) count++;
  return count;
}

function sharedHead(text: string, start: number, head: string): number {
  let count = 0;
  while (count < head.length && start + count < text.length && text[start + count] === head[count]) count++;
  return count;
}

/**
 * Where the quote starts and ends in `flatText` (text already without whitespace), choosing among repeats
 * the one whose surroundings best match the prefix and suffix; null when the quote is not there.
 */
export function locateQuote(flatText: string, selector: TextQuote): { start: number; end: number } | null {
  const quote = withoutWhitespace(selector.quote);
  if (!quote) return null;
  const prefix = withoutWhitespace(selector.prefix ?? "");
  const suffix = withoutWhitespace(selector.suffix ?? "");
  let best: { start: number; score: number } | null = null;
  for (let start = flatText.indexOf(quote); start !== -1; start = flatText.indexOf(quote, start + 1)) {
    const score = sharedTail(flatText, start, prefix) + sharedHead(flatText, start + quote.length, suffix);
    if (!best || score > best.score) best = { start, score };
    if (score === prefix.length + suffix.length) break;
  }
  return best && { start: best.start, end: best.start + quote.length };
}
