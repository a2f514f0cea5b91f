import "server-only";
import { stringify } from "csv-stringify/sync";
import type { ListedHighlightRow } from "./repo";

/** The columns Readwise imports, in its order (docs/contract.md 7.3). */
const CSV_HEADER = ["Highlight", "Title", "Author", "URL", "Note", "Location", "Date"] as const;

const day = (date: Date) => new Date(date).toISOString().slice(0, 10);

// Text that is the senders' (a subject, a newsletter's name, a quote from the issue) is written as
// text: every character Markdown or HTML could read as markup is escaped. A note is the reader's own
// Markdown and keeps it, but not what would escape its place in the file or run as code: raw HTML,
// entities, headings and setext underlines, a fence left open, and links to javascript:, vbscript:,
// data: or file: URLs (their colon is pushed off the scheme, so no such link exists). Neither ever
// holds those schemes' names followed by a colon.
const INLINE_MARKUP = /[\\`*_[\]<>|~]|&(?=#|[a-z][a-z0-9]*;)/gi;
const LINE_START_MARKUP = /^(\s*)([#>+=-]|\d+[.)])/;
const SCRIPT_SCHEME = /\b(javascript|vbscript|data|file)(\s*):/gi;
const UNDERLINE = /^\s*([=\-*_]\s*)+$/;
const FENCE = /^\s*(```|~~~)/;

/** One line of the senders' text, as plain text in Markdown. */
const plainText = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .trim()
    .replace(INLINE_MARKUP, "\\$&")
    .replace(LINE_START_MARKUP, "$1\\$2")
    // Inert already (no bracket or < is left to make a link), and still never written as such.
    .replace(SCRIPT_SCHEME, "$1$2\\:")
    // Nor does a web address the sender wrote become a link (GFM links bare ones).
    .replace(/\b(https?|ftp):(?=\/\/)/gi, "$1\\:")
    .replace(/\bwww\./gi, "www\\.");

/** The senders' text, quoted line by line, so a multi-paragraph quote stays one quote of text. */
const blockQuote = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `> ${plainText(line)}` : ">"))
    .join("\n");

/** The reader's note: their Markdown, without what could break out of it or run. */
function noteMarkdown(note: string): string {
  const lines = note
    .trim()
    .replace(/&(?=#|[a-z][a-z0-9]*;)/gi, "&amp;")
    .replace(/</g, "&lt;")
    .replace(SCRIPT_SCHEME, "$1$2 :")
    .split(/\r?\n/);
  const openFence = lines.filter((line) => FENCE.test(line)).length % 2 === 1;
  return lines
    .map((line) => {
      if (/^\s*#/.test(line) || (UNDERLINE.test(line) && line.trim().length > 0) || (openFence && FENCE.test(line)))
        return line.replace(/^(\s*)/, "$1\\");
      return line;
    })
    .join("\n");
}

/** Readwise's CSV: one row per highlight, Location its place in the text, Date when it was made. */
export function highlightsCsv(rows: ListedHighlightRow[], emailUrl: (emailId: number) => string): string {
  return stringify(
    rows.map((row) => [
      row.quote,
      row.subject ?? "No Subject",
      row.newsletterName,
      emailUrl(row.emailId),
      row.note ?? "",
      row.position,
      new Date(row.createdAt).toISOString(),
    ]),
    // escape_formulas: a cell the senders' text starts with = + - @ (a tab, a return) is a formula to a
    // spreadsheet, and gets a ' in front (OWASP's CSV injection); nothing of ours is a formula.
    { header: true, columns: [...CSV_HEADER], record_delimiter: "windows", quoted_match: /[\r\n]/, escape_formulas: true },
  );
}

/** One section per issue (subject, newsletter, date received, link), then its quotes and their notes. */
export function highlightsMarkdown(rows: ListedHighlightRow[], emailUrl: (emailId: number) => string): string {
  const sections: string[] = [];
  let current: number | null = null;
  for (const row of rows) {
    if (row.emailId !== current) {
      current = row.emailId;
      sections.push(
        `## ${plainText(row.subject ?? "No Subject")}\n\n- Newsletter: ${plainText(row.newsletterName)}\n- Date: ${day(row.dateReceived)}\n- Link: ${emailUrl(row.emailId)}\n`,
      );
    }
    sections.push(blockQuote(row.quote) + (row.note ? `\n\nNote: ${noteMarkdown(row.note)}` : "") + "\n");
  }
  return `# Highlights\n\n${sections.join("\n")}`;
}
