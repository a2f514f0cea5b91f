import "server-only";
import { stringify } from "csv-stringify/sync";
import type { ListedHighlightRow } from "./repo";

/** The columns Readwise imports, in its order (docs/contract.md 7.3). */
const CSV_HEADER = ["Highlight", "Title", "Author", "URL", "Note", "Location", "Date"] as const;

const day = (date: Date) => new Date(date).toISOString().slice(0, 10);

/** Markdown's block quote, line by line, so a multi-paragraph quote stays one quote. */
const blockQuote = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `> ${line.trim()}` : ">"))
    .join("\n");

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
    { header: true, columns: [...CSV_HEADER], record_delimiter: "windows", quoted_match: /[\r\n]/ },
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
        `## ${row.subject ?? "No Subject"}\n\n- Newsletter: ${row.newsletterName}\n- Date: ${day(row.dateReceived)}\n- Link: ${emailUrl(row.emailId)}\n`,
      );
    }
    sections.push(blockQuote(row.quote) + (row.note ? `\n\nNote: ${row.note.trim()}` : "") + "\n");
  }
  return `# Highlights\n\n${sections.join("\n")}`;
}
