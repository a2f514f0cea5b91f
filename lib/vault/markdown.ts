import "server-only";
import TurndownService from "turndown";
import { stringify } from "yaml";

// Characters that make Markdown of plain text (a quote, a note, a mail's words): emphasis, code, links and
// images, raw HTML and autolinks, headings, tables, strikethrough. CommonMark lets any of them be escaped.
const MARKDOWN_SPECIAL = /[\\`*_[\]<>!|~#]/g;
const LINE_START = /^(\s*)([-+=>]|\d+[.)])/gm;

/** Plain text as Markdown that shows the same words: nothing in it becomes a link, an image or HTML. */
export function markdownText(text: string): string {
  return text.replace(MARKDOWN_SPECIAL, "\\$&").replace(LINE_START, (_, space: string, marker: string) => `${space}\\${marker}`);
}

/** A URL as a Markdown destination: http(s) and mailto only (never javascript: or data:), in <...> with nothing that ends it. */
function markdownUrl(url: string, origin: string): string | null {
  if (!url.trim()) return null;
  const parsed = URL.parse(url.trim(), origin);
  if (!parsed || !["http:", "https:", "mailto:"].includes(parsed.protocol)) return null;
  return `<${parsed.href.replace(/[<>\s]/g, encodeURIComponent)}>`;
}

/**
 * The converter of a mail's sanitised HTML: turndown (its own escaping of text, extended to `<` and `>` so text
 * cannot become HTML), links and images rebuilt from checked URLs, and what a note has no use for left out.
 * `origin` makes the body's proxy paths (/img/...) absolute, so the images load from this server.
 */
export function htmlConverter(origin: string): (html: string) => string {
  const service = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "*" });
  const escape = service.escape.bind(service);
  service.escape = (text: string) => escape(text).replace(/[<>]/g, "\\$&");
  service.remove(["style", "script", "head", "title"]);
  service.addRule("link", {
    filter: (node) => node.nodeName === "A",
    replacement: (content, node) => {
      const url = markdownUrl((node as HTMLElement).getAttribute("href") ?? "", origin);
      const text = content.trim();
      if (!url || !text) return content;
      return `[${text}](${url})`;
    },
  });
  service.addRule("image", {
    filter: (node) => node.nodeName === "IMG",
    replacement: (_, node) => {
      const element = node as HTMLElement;
      const url = markdownUrl(element.getAttribute("src") ?? "", origin);
      if (!url || url.startsWith("<mailto:")) return "";
      return `![${markdownText(element.getAttribute("alt") ?? "").replace(/\s+/g, " ")}](${url})`;
    },
  });
  return (html: string) =>
    service
      .turndown(html)
      .replace(/\n{3,}/g, "\n\n")
      .trim();
}

export type VaultNote = {
  title: string;
  newsletter: string;
  author: string;
  date: string;
  url: string;
  folders: string[];
  tags: string[];
  body: string;
  highlights: { quote: string; note: string | null }[];
};

/** One issue as a note: YAML front matter (written by the yaml library, so every value is quoted as it must be), the body, its highlights. */
export function vaultNote(note: VaultNote): string {
  const frontMatter = stringify(
    {
      title: note.title,
      newsletter: note.newsletter,
      author: note.author,
      date: note.date,
      url: note.url,
      folders: note.folders,
      tags: note.tags,
    },
    { lineWidth: 0 },
  );
  const parts = [`---\n${frontMatter}---`, note.body];
  if (note.highlights.length > 0) {
    const quotes = note.highlights.map((highlight) => {
      const quote = markdownText(highlight.quote)
        .split(/\r?\n/)
        .map((line) => `> ${line}`.trimEnd())
        .join("\n");
      return highlight.note ? `${quote}\n\n${markdownText(highlight.note)}` : quote;
    });
    parts.push(`## Highlights\n\n${quotes.join("\n\n")}`);
  }
  return `${parts.join("\n\n")}\n`;
}

/** A note's file name: the date and subject (what Obsidian and Logseq show as its title), without what file systems or wiki links refuse. */
export function noteFileName(date: string, title: string, emailId: number): string {
  const words = title
    .replace(/[\\/:*?"<>|#^[\]{}\u0000-\u001f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100)
    .trim();
  return `${date.slice(0, 10)} ${words || "No Subject"} (${emailId}).md`;
}
