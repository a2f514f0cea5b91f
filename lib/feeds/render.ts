import "server-only";
import { createHash } from "node:crypto";
import { Feed } from "feed";
import { rewriteImages } from "@/lib/images/rewrite";
import { xmlWritable } from "./xml";

export type FeedFormat = "atom" | "json";

type FeedEntry = {
  id: number;
  subject: string | null;
  senderName: string | null;
  summary: string | null;
  bodyHtml: string | null;
  bodyPlain: string | null;
  dateReceived: Date;
};

export type FeedDocument = { title: string; origin: string; selfUrls: Record<FeedFormat, string>; emptySince: Date; entries: FeedEntry[] };

export type RenderedFeed = { body: string; contentType: string; etag: string };

const CONTENT_TYPES: Record<FeedFormat, string> = {
  atom: "application/atom+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
};

const escapeText = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The entry's HTML: the stored (sanitized) body with absolute proxy addresses, or the plain body kept readable. */
function entryHtml(entry: FeedEntry, origin: string): string {
  if (entry.bodyHtml) return rewriteImages(entry.bodyHtml, { origin });
  return `<pre style="white-space:pre-wrap">${escapeText(entry.bodyPlain ?? "")}</pre>`;
}

/** How each format writes a name (element text), a plain text shown as HTML (subject, summary) and an issue's HTML. */
type Writer = { name: (text: string) => string; text: (text: string) => string; html: (html: string) => string };

const keep = (text: string) => text;

// Atom's title, summary and content are `type="html"` CDATA, and the library splits only the first `]]>`
// of each: plain text is escaped as HTML, a body's `]]>` becomes `]]&gt;` (the same HTML), and the
// characters XML cannot hold are dropped, so every feed is well-formed XML.
const WRITERS: Record<FeedFormat, Writer> = {
  atom: {
    name: xmlWritable,
    text: (text) => escapeText(xmlWritable(text)),
    html: (html) => xmlWritable(html).replaceAll("]]>", "]]&gt;"),
  },
  json: { name: keep, text: keep, html: keep },
};

function buildFeed(document: FeedDocument, format: FeedFormat): Feed {
  const write = WRITERS[format];
  // The newest issue dates the feed, never the clock: the same issues give the same bytes, hence the same ETag.
  const updated = document.entries[0]?.dateReceived ?? document.emptySince;
  const feed = new Feed({
    id: document.selfUrls.atom,
    title: write.name(document.title),
    updated,
    generator: "Paperboy",
    link: `${document.origin}/feed`,
    feedLinks: { atom: document.selfUrls.atom, json: document.selfUrls.json },
    copyright: "",
  });
  for (const entry of document.entries) {
    const link = `${document.origin}/emails/${entry.id}`;
    feed.addItem({
      id: link,
      link,
      title: write.text(entry.subject || "No Subject"),
      date: entry.dateReceived,
      published: entry.dateReceived,
      description: entry.summary ? write.text(entry.summary) : undefined,
      content: write.html(entryHtml(entry, document.origin)),
      author: entry.senderName ? [{ name: write.name(entry.senderName) }] : undefined,
    });
  }
  return feed;
}

type JsonAuthored = { author?: unknown; authors?: unknown[] };

/** The library writes JSON Feed 1; version 1.1 names authors in a list and says so in `version`. */
function jsonFeed11(feed: Feed): string {
  const document = JSON.parse(feed.json1()) as JsonAuthored & { version: string; items: JsonAuthored[] };
  const toAuthors = (item: JsonAuthored) => {
    if (item.author !== undefined) item.authors = [item.author];
    delete item.author;
  };
  toAuthors(document);
  document.items.forEach(toAuthors);
  return JSON.stringify({ ...document, version: "https://jsonfeed.org/version/1.1" });
}

export function renderFeed(document: FeedDocument, format: FeedFormat): RenderedFeed {
  const feed = buildFeed(document, format);
  const body = format === "atom" ? feed.atom1() : jsonFeed11(feed);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { body, contentType: CONTENT_TYPES[format], etag };
}

/** Whether an If-None-Match header names this ETag (weak or strong alike, as RFC 9110 compares for GET). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag;
  });
}
