import "server-only";
import { Parser } from "htmlparser2";

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
export const OUTLOOK_SEPARATOR = "________________________________";
const SKIP = new Set(["head", "script", "style", "title", "template", "noscript", "xmp", "textarea", "select"]);

// Runs of spaces, tabs and no-break spaces as one space; a lone space, most of them, needs no replacing.
const HORIZONTAL_SPACES = /[ \t\u00a0]{2,}|[\t\u00a0]/g;

/**
 * The text a reader would see, one line per block and no blank lines (clients put each forward header
 * field in a block of its own), for marker and header-field matching.
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let skipDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (SKIP.has(name)) skipDepth++;
        else if (BLOCK.has(name)) parts.push(attribs.id === OUTLOOK_FORWARD_ID ? `\n${OUTLOOK_SEPARATOR}\n` : "\n");
        else if (CELL.has(name)) parts.push(" ");
      },
      onclosetag(name) {
        if (SKIP.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        else if (BLOCK.has(name) && name !== "br") parts.push("\n");
      },
      ontext(text) {
        if (skipDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  return parts
    .join("")
    .replace(HORIZONTAL_SPACES, " ")
    .replace(/ ?\n[\n ]*/g, "\n")
    .trim();
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
