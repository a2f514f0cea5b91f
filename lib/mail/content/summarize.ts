import "server-only";
import { Parser } from "htmlparser2";
import { isForwardHeaderLine } from "./forward";
import { isHiddenStyle, isTrackingPixelUrl } from "./trackers";

export type Link = { href: string; text: string };
export type Derived = {
  preheader: string | null;
  text: string;
  summary: string;
  thumbnailUrl: string | null;
  wordCount: number;
  links: Link[];
};

const BLOCK = new Set([
  "br",
  "div",
  "p",
  "td",
  "th",
  "tr",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "table",
  "blockquote",
  "hr",
  "pre",
  "section",
  "article",
]);
const VOID = new Set(["br", "hr", "img", "col", "wbr"]);
const PREHEADER_CLASS = /pre-?header|preview|mcnPreviewText|preheader/i;
// Invisible characters templates repeat after the preheader to push the body out of the inbox preview
// (the other filler, U+00A0, U+2007, U+2028 and U+2029, is white space to \s already).
const FILLER_CHARS = "\\u034f\\u00ad\\u200b-\\u200f\\u2060\\ufeff";
// Runs of white space and filler; a lone space, most of them, needs no replacing.
const SPACING = new RegExp(`[\\s${FILLER_CHARS}]{2,}|[^\\S ]|[${FILLER_CHARS}]`, "g");
const NOT_CONTENT_IMAGE =
  /logo|spacer|pixel|icon|avatar|badge|sprite|social|facebook|twitter|linkedin|instagram|youtube|tiktok|divider|button|blank|transparent|separator|app-?store|google-?play|signature|headshot|emoji|powered[ _-]by|publish[ _-]on|built[ _-]with/i;
// The image a web-view style mail declares for link previews (research notes 4.3: preferred as thumbnail).
const DECLARED_IMAGE = new Set(["og:image", "og:image:url", "og:image:secure_url", "twitter:image"]);
// Inbox chrome that shares a short line with a date or a name ("March 7, 2022 | Read Online").
const CHROME_IN_LINE =
  /\b(?:read|view) (?:it |this )?(?:online|on the web|in (?:your )?browser)\b|\bview this (?:email|post)\b|\blire en ligne\b/i;
// A first line that is short and ends without a sentence's punctuation is a heading or a byline, not a sentence.
const SENTENCE_END = /[.!?…:;"”»)]$/;
const BOILERPLATE =
  /^(?:view (?:this|in|it in|the)\b|view online|read (?:it )?(?:online|on the web|in (?:your )?browser|on [a-z]+)|open in (?:app|browser)|web version|having trouble|is this email not displaying|forwarded this email|(?:if )?you (?:were|are|have been) forwarded|was this (?:email |newsletter )?forwarded|subscribe|unsubscribe|share\b|listen\b|sponsored|presented by|lire en ligne)/i;

/** The elements and text of sanitized HTML, in document order: what a parser would report of it. */
export type ElementSink = {
  onopentag(name: string, attribs: Record<string, string>): void;
  onclosetag(name: string): void;
  ontext(text: string): void;
  /** A <meta> element, which the output never holds: told as the input is read. */
  onmeta?(attribs: Record<string, string>): void;
};

/** Preheader, summary, thumbnail and word count, read in one pass over the sanitized HTML. */
export function deriveFromHtml(html: string, subject: string): Derived {
  const derivation = startDerivation(subject);
  new Parser(derivation, { decodeEntities: true }).end(html);
  return derivation.finish();
}

/**
 * Collects what deriveFromHtml reads, from whoever walks the sanitized HTML: the sanitizer feeds it as
 * it writes, so the HTML need not be parsed a second time.
 */
export function startDerivation(subject: string, options: { forwarded?: boolean } = {}): ElementSink & { finish(): Derived } {
  const lines: string[] = [];
  let line = "";
  let hiddenDepth = 0;
  let styleDepth = 0;
  let preheaderDepth = 0;
  let preheaderText = "";
  let preheader: string | null = null;
  let thumbnailUrl: string | null = null;
  let declaredImage: string | null = null;
  const stack: boolean[] = [];
  const links: Link[] = [];
  let link: Link | null = null;
  const flush = () => {
    const value = collapseSpaces(line);
    if (value) lines.push(value);
    line = "";
  };
  return {
    onmeta(attribs) {
      if (declaredImage || !DECLARED_IMAGE.has((attribs.property ?? attribs.name ?? "").toLowerCase())) return;
      const src = attribs.content?.trim() ?? "";
      // A preview image is meant to be shared ("socialcard"): only a logo, spacer or pixel is refused.
      if (/^https:\/\//i.test(src) && !isTrackingPixelUrl(src) && !/logo|spacer|pixel|icon|avatar/i.test(src)) declaredImage = src;
    },
    onopentag(name, attribs) {
      if (name === "img") {
        if (!thumbnailUrl && hiddenDepth === 0 && isContentImage(attribs)) thumbnailUrl = attribs.src;
        return;
      }
      if (VOID.has(name)) {
        if (BLOCK.has(name)) flush();
        return;
      }
      if (name === "style") styleDepth++;
      if (name === "a" && attribs.href && links.length < 500) {
        link = { href: attribs.href, text: "" };
        links.push(link);
      }
      const hidden = isHiddenStyle(attribs.style);
      const marksPreheader = preheader === null && lines.length < 8 && (hidden || PREHEADER_CLASS.test(attribs.class ?? ""));
      stack.push(hidden || marksPreheader);
      if (hidden || marksPreheader) hiddenDepth++;
      if (marksPreheader && preheaderDepth === 0) preheaderDepth = hiddenDepth;
      if (BLOCK.has(name)) flush();
    },
    onclosetag(name) {
      if (VOID.has(name)) return;
      if (name === "style") styleDepth = Math.max(0, styleDepth - 1);
      if (name === "a" && link) {
        link.text = collapseSpaces(link.text);
        link = null;
      }
      if (BLOCK.has(name)) flush();
      if (stack.pop()) {
        if (preheaderDepth !== 0 && hiddenDepth === preheaderDepth) {
          // Templates end the preview with a separator before their filler: "Plus a graphics library. |"
          const value = collapseSpaces(preheaderText).replace(/(?:\s+[|·•–—-])+$/, "");
          if (value.length >= 8 && value.toLowerCase() !== subject.trim().toLowerCase()) preheader = value.slice(0, 300);
          preheaderText = "";
          preheaderDepth = 0;
        }
        hiddenDepth--;
      }
    },
    ontext(text) {
      if (styleDepth > 0) return;
      if (link) link.text += text;
      if (preheaderDepth !== 0) preheaderText += text;
      else if (hiddenDepth === 0) line += text;
    },
    finish() {
      flush();
      const text = lines.join("\n");
      const summary = preheader ?? summarize(options.forwarded ? afterForwardHeader(lines) : lines);
      return { preheader, text, summary, thumbnailUrl: declaredImage ?? thumbnailUrl, wordCount: countWords(text), links };
    },
  };
}

/** Filler and runs of white space as one space, trimmed: one pass of what was a filler pass, then a white-space pass. */
function collapseSpaces(text: string): string {
  return text.replace(SPACING, " ").trim();
}

function isContentImage(attribs: Record<string, string>): boolean {
  const src = attribs.src ?? "";
  if (!/^https:\/\//i.test(src) || isTrackingPixelUrl(src)) return false;
  if (NOT_CONTENT_IMAGE.test(src) || NOT_CONTENT_IMAGE.test(attribs.alt ?? "") || NOT_CONTENT_IMAGE.test(attribs.class ?? "")) return false;
  const width = Number.parseInt(attribs.width ?? /(?:^|;)\s*width\s*:\s*(\d+)px/i.exec(attribs.style ?? "")?.[1] ?? "", 10);
  const height = Number.parseInt(attribs.height ?? "", 10);
  if (!Number.isNaN(width) && width < 100) return false;
  if (!Number.isNaN(height) && height < 60) return false;
  if (!Number.isNaN(width) && !Number.isNaN(height) && width * height < 10_000) return false;
  return true;
}

// A forward's header block sits near the top, after the forwarder's own note.
const FORWARD_HEADER_SCAN = 60;

/** The lines of a forward after its header block: the forwarder's note and the block say nothing of the newsletter. */
function afterForwardHeader(lines: string[]): string[] {
  let last = -1;
  for (let index = 0; index < Math.min(lines.length, FORWARD_HEADER_SCAN); index++) if (isForwardHeaderLine(lines[index])) last = index;
  return last === -1 ? lines : lines.slice(last + 1);
}

/** The first sentences of the content, skipping inbox chrome, at most 300 characters on a word boundary. */
export function summarize(lines: string[]): string {
  const parts: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (parts.length === 0 && (line.length < 25 || (line.length < 50 && !SENTENCE_END.test(line)))) continue;
    if (BOILERPLATE.test(line) || (line.length < 60 && CHROME_IN_LINE.test(line))) continue;
    parts.push(line);
    length += line.length + 1;
    if (length >= 300) break;
  }
  const joined = (parts.length > 0 ? parts : lines).join(" ").replace(/\s+/g, " ").trim();
  if (joined.length <= 300) return joined;
  const cut = joined.slice(0, 300);
  const sentence = cut.lastIndexOf(". ");
  if (sentence > 150) return cut.slice(0, sentence + 1);
  const space = cut.lastIndexOf(" ");
  return `${cut.slice(0, space > 200 ? space : 299)}…`;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]/;
const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });

/** Letters and digits of any script; punctuation, symbols and spaces separate words. */
function isWordChar(code: number): boolean {
  if (code < 0x80) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  if (code < 0xc0) return code === 0xaa || code === 0xb5 || code === 0xba;
  return (
    code !== 0xd7 &&
    code !== 0xf7 &&
    !(code >= 0x2000 && code <= 0x2bff) &&
    !(code >= 0x3000 && code <= 0x303f) &&
    !(code >= 0xd800 && code <= 0xdfff) &&
    code !== 0xfeff
  );
}

// Same count as /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu, in one pass: word counting ran hot in profiles.
function countSpacedWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isWordChar(code)) {
      if (!inWord) count++;
      inWord = true;
    } else if (inWord && (code === 39 || code === 0x2019 || code === 45 || code === 46) && isWordChar(text.charCodeAt(index + 1))) {
      continue;
    } else {
      inWord = false;
    }
  }
  return count;
}

const SEGMENT_CHUNK = 2_000;

/** Pieces of at most about SEGMENT_CHUNK characters, cut only at white space, so no word is split. */
function* chunks(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + SEGMENT_CHUNK);
    if (end < text.length) {
      const space = text.lastIndexOf(" ", end);
      const newline = text.lastIndexOf("\n", end);
      const cut = Math.max(space, newline);
      if (cut > start) end = cut + 1;
    }
    yield text.slice(start, end);
    start = end;
  }
}

/**
 * Words of any script; scripts written without spaces (CJK, Thai) through Intl.Segmenter. The segmenter
 * grows much slower than linearly on long strings (a 110 KB Chinese newsletter took 8 s), so it only
 * ever sees short pieces.
 */
export function countWords(text: string): number {
  if (!CJK.test(text)) return countSpacedWords(text);
  let count = 0;
  for (const piece of chunks(text)) count += CJK.test(piece) ? countSegmentedWords(piece) : countSpacedWords(piece);
  return count;
}

// Punctuation that never joins what is around it to a word ("_" does), and Latin letters.
const EDGE = "!-/:-@[-^`{-~\u2013\u2014\u2018\u2019\u201c\u201d\u2026";
const LETTER = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f";
// Exactly one word-like segment: letters joined only by an apostrophe or a dot, or letters and digits,
// with punctuation around them.
const PLAIN_WORD = new RegExp(`^[${EDGE}]*(?:[${LETTER}]+(?:['\u2019.][${LETTER}]+)*|[${LETTER}0-9]+)[${EDGE}]*$`);
const PUNCTUATION = new RegExp(`^[${EDGE}]*$`);

/**
 * The segmenter costs microseconds a segment, and the Latin words around CJK text are most of the
 * segments. A word break always falls on both sides of a space or line break, so the stretches between
 * them count alone: plain Latin words without the segmenter, the rest through it in one call.
 */
function countSegmentedWords(piece: string): number {
  let count = 0;
  const rest: string[] = [];
  for (const stretch of piece.split(/[ \n]+/)) {
    if (PLAIN_WORD.test(stretch)) count++;
    else if (!PUNCTUATION.test(stretch)) rest.push(stretch);
  }
  for (const segment of segmenter.segment(rest.join(" "))) if (segment.isWordLike) count++;
  return count;
}
