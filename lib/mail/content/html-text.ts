import "server-only";
import { Parser, Tokenizer } from "htmlparser2";
import { htmlBounds, HtmlPastBoundsError } from "./html-bounds";

const BLOCK = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "center",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "tr",
  "ul",
]);
// Cells of a row stay on its line: Thunderbird prints a forward's "Subject:" and its value in two cells.
const CELL = new Set(["td", "th"]);
// Outlook on the web puts a forward's header block in this element, after an <hr> rather than a text separator.
const OUTLOOK_FORWARD_ID = "divRplyFwdMsg";
const OUTLOOK_SEPARATOR = "________________________________";
const SKIP = new Set(["head", "script", "style", "title", "template", "noscript", "xmp", "textarea", "select"]);

// Runs of spaces, tabs and no-break spaces as one space; a lone space, most of them, needs no replacing.
const HORIZONTAL_SPACES = /[ \t\u00a0]{2,}|[\t\u00a0]/g;

/**
 * The text a reader would see, one line per block and no blank lines (clients put each forward header
 * field in a block of its own), for marker and header-field matching. HTML past the parsing bounds is
 * read token by token instead.
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let skipDepth = 0;
  const bounds = htmlBounds();
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        bounds.opened();
        if (SKIP.has(name)) skipDepth++;
        else if (BLOCK.has(name)) parts.push(attribs.id === OUTLOOK_FORWARD_ID ? `\n${OUTLOOK_SEPARATOR}\n` : "\n");
        else if (CELL.has(name)) parts.push(" ");
      },
      onclosetag(name) {
        bounds.closed();
        if (SKIP.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        else if (BLOCK.has(name) && name !== "br") parts.push("\n");
      },
      ontext(text) {
        if (skipDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  try {
    parser.end(html);
  } catch (error) {
    if (error instanceof HtmlPastBoundsError) return htmlToTextByTokens(html);
    throw error;
  }
  return joinLines(parts);
}

function joinLines(parts: string[]): string {
  return parts
    .join("")
    .replace(HORIZONTAL_SPACES, " ")
    .replace(/ ?\n[\n ]*/g, "\n")
    .trim();
}

// The elements whose content htmlparser2's tokenizer reads as raw text, up to their own end tag.
const RAW_TEXT = new Set(["script", "style", "title", "textarea", "xmp"]);

/**
 * htmlToText's lines read from the tokens alone, with no tree of open elements: linear in the HTML
 * however it nests, for mail past the parsing bounds. Blocks break lines; raw-text elements say nothing.
 */
export function htmlToTextByTokens(html: string): string {
  const parts: string[] = [];
  let skipping = false;
  const name = (start: number, end: number) => html.slice(start, end).toLowerCase();
  const ignore = () => undefined;
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        const tag = name(start, end);
        if (RAW_TEXT.has(tag)) skipping = true;
        else if (BLOCK.has(tag)) parts.push("\n");
        else if (CELL.has(tag)) parts.push(" ");
      },
      onselfclosingtag() {
        // The tokenizer reads on as markup after a self-closed raw-text tag.
        skipping = false;
      },
      onclosetag(start, end) {
        const tag = name(start, end);
        if (RAW_TEXT.has(tag)) skipping = false;
        else if (BLOCK.has(tag) && tag !== "br") parts.push("\n");
      },
      ontext(start, end) {
        if (!skipping) parts.push(html.slice(start, end));
      },
      ontextentity(codepoint) {
        if (!skipping) parts.push(String.fromCodePoint(codepoint));
      },
      onattribdata: ignore,
      onattribentity: ignore,
      onattribend: ignore,
      onattribname: ignore,
      oncdata: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onend: ignore,
      onopentagend: ignore,
      onprocessinginstruction: ignore,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return joinLines(parts);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A plain-text mail as simple HTML: paragraphs, line breaks and linked URLs. */
export function textToHtml(text: string): string {
  const linked = (line: string) =>
    escapeHtml(line).replace(/\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g, (url) => `<a href="${url}">${url}</a>`);
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim() !== "")
    .map((paragraph) => `<p>${paragraph.trim().split("\n").map(linked).join("<br>")}</p>`)
    .join("\n");
}
