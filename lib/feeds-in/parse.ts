import { XMLValidator } from "fast-xml-parser";
import { DomUtils, parseDocument } from "htmlparser2";
import { parseFeed, type AnyFeed, type AtomFeed } from "feedsmith";

/** One entry of a feed, as Paperboy files it. */
export type ParsedEntry = {
  /** The entry's own id (RSS guid, Atom id, JSON Feed id), if it has one. */
  guid: string | null;
  link: string | null;
  title: string;
  html: string;
  author: string | null;
  /** Published, else updated; null when the feed gives neither (or nothing readable). */
  date: Date | null;
};

export type ParsedFeed = {
  format: "rss" | "atom" | "json" | "rdf";
  title: string;
  siteUrl: string | null;
  hubUrl: string | null;
  selfUrl: string | null;
  entries: ParsedEntry[];
};

export const NOT_A_FEED = "Not an RSS, Atom or JSON feed";

/** Why a document is no feed Paperboy can read, in words a reader sees. */
export class FeedParseError extends Error {}

// A feed this long is an archive dump, not a feed: the newest this many are kept.
const MAX_ENTRIES = 500;

/**
 * Reads an RSS 2.0 (and RDF), Atom 1.0 or JSON Feed 1.1 document with feedsmith. XML must be well formed
 * first (feedsmith reads a truncated document leniently, which would file half a feed as if whole).
 */
export function parseFeedDocument(body: string, base: string): ParsedFeed {
  const text = body.replace(/^\uFEFF/, "").trim();
  if (text.startsWith("<") && XMLValidator.validate(text) !== true) throw new FeedParseError("The feed is not well-formed XML");
  let parsed: AnyFeed<string>;
  try {
    parsed = parseFeed<string>(text, { maxItems: MAX_ENTRIES });
  } catch {
    throw new FeedParseError(NOT_A_FEED);
  }
  const resolve = (url: string | undefined | null) => absoluteUrl(url, base);
  switch (parsed.format) {
    case "rss": {
      const { feed } = parsed;
      return {
        format: "rss",
        title: plain(feed.title),
        siteUrl: resolve(feed.link),
        hubUrl: resolve(atomLink(feed.atom?.links, "hub")),
        selfUrl: resolve(atomLink(feed.atom?.links, "self")),
        entries: (feed.items ?? []).map((item) => ({
          guid: item.guid?.value?.trim() || null,
          link: resolve(item.link ?? atomLink(item.atom?.links, "alternate")),
          title: plain(item.title),
          html: withAbsoluteUrls(item.content?.encoded ?? item.description ?? "", item.link ?? base),
          author: item.authors?.[0]?.name ?? item.dc?.creators?.[0] ?? null,
          date: dateOf(item.pubDate ?? item.dc?.dates?.[0] ?? item.atom?.published ?? item.atom?.updated),
        })),
      };
    }
    case "atom": {
      const { feed } = parsed;
      return {
        format: "atom",
        title: plain(feed.title?.value),
        siteUrl: resolve(atomLink(feed.links, "alternate")),
        hubUrl: resolve(atomLink(feed.links, "hub")),
        selfUrl: resolve(atomLink(feed.links, "self")),
        entries: (feed.entries ?? []).map((entry) => ({
          guid: entry.id?.trim() || null,
          link: resolve(atomLink(entry.links, "alternate")),
          title: plain(entry.title?.value),
          html: withAbsoluteUrls(atomHtml(entry.content ?? entry.summary), atomLink(entry.links, "alternate") ?? base),
          author: entry.authors?.[0]?.name ?? null,
          date: dateOf(entry.published ?? entry.updated),
        })),
      };
    }
    case "rdf": {
      const { feed } = parsed;
      return {
        format: "rdf",
        title: plain(feed.title),
        siteUrl: resolve(feed.link),
        hubUrl: null,
        selfUrl: null,
        entries: (feed.items ?? []).map((item) => ({
          guid: null,
          link: resolve(item.link),
          title: plain(item.title),
          html: withAbsoluteUrls(item.content?.encoded ?? item.description ?? "", item.link ?? base),
          author: item.dc?.creators?.[0] ?? null,
          date: dateOf(item.dc?.dates?.[0]),
        })),
      };
    }
    case "json": {
      const { feed } = parsed;
      return {
        format: "json",
        title: plain(feed.title),
        siteUrl: resolve(feed.home_page_url),
        hubUrl: resolve(feed.hubs?.find((hub) => hub.type?.toLowerCase() === "websub")?.url),
        selfUrl: resolve(feed.feed_url),
        entries: (feed.items ?? []).map((item) => ({
          guid: item.id === undefined || item.id === null ? null : String(item.id).trim() || null,
          link: resolve(item.url ?? item.external_url),
          title: plain(item.title),
          html: withAbsoluteUrls(
            item.content_html ?? (item.content_text ? textHtml(item.content_text) : (item.summary ?? "")),
            item.url ?? base,
          ),
          author: item.authors?.[0]?.name ?? null,
          date: dateOf(item.date_published ?? item.date_modified),
        })),
      };
    }
  }
}

const URL_ATTRIBUTES = ["href", "src", "poster"];

/**
 * Entry HTML with its relative links and images made absolute against the entry's own page (a feed's
 * HTML is read far from its site: a relative image would point at Paperboy), through an HTML parser.
 */
function withAbsoluteUrls(html: string, base: string): string {
  if (!html) return html;
  const root = absoluteUrl(base);
  if (!root) return html;
  const document = parseDocument(html);
  for (const element of DomUtils.findAll(() => true, document.children)) {
    for (const name of URL_ATTRIBUTES) {
      const value = element.attribs[name];
      if (value === undefined || /^(?:[a-z][a-z0-9+.-]*:|#)/i.test(value.trim())) continue;
      element.attribs[name] = absoluteUrl(value, root) ?? value;
    }
  }
  return DomUtils.getOuterHTML(document.children);
}

function atomLink(links: Array<{ href?: string; rel?: string }> | undefined, rel: string): string | undefined {
  // An Atom link without rel is the alternate (RFC 4287 4.2.7.2).
  return links?.find((link) => (link.rel ?? "alternate").toLowerCase() === rel)?.href;
}

function atomHtml(content: AtomFeed.Content | AtomFeed.Text | undefined): string {
  if (!content?.value) return "";
  return content.type === "html" || content.type === "xhtml" ? content.value : textHtml(content.value);
}

/** An entry's title as text: titles may carry markup and entities (Atom's type="html", RSS in practice). */
function plain(value: string | undefined): string {
  if (!value) return "";
  return DomUtils.textContent(parseDocument(value).children).replace(/\s+/g, " ").trim();
}

function textHtml(text: string): string {
  const escaped = text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  return escaped
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replaceAll("\n", "<br>")}</p>`)
    .join("");
}

function dateOf(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An http(s) URL, resolved against the document's when one is given; else null. */
export function absoluteUrl(value: string | undefined | null, base?: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

const FEED_TYPES = new Set([
  "application/rss+xml",
  "application/atom+xml",
  "application/feed+json",
  "application/json",
  "application/rdf+xml",
]);

/** The feeds a page names in its <link rel="alternate" type="..."> elements, resolved, in page order. */
export function discoverFeedLinks(html: string, base: string): string[] {
  const document = parseDocument(html);
  const links = DomUtils.findAll((element) => element.name === "link", document.children);
  const found: string[] = [];
  for (const link of links) {
    const rel = (link.attribs.rel ?? "").toLowerCase().split(/\s+/);
    const type = (link.attribs.type ?? "").toLowerCase().split(";")[0].trim();
    if (!rel.includes("alternate") || !FEED_TYPES.has(type)) continue;
    const href = absoluteUrl(link.attribs.href, base);
    if (href && !found.includes(href)) found.push(href);
  }
  return found;
}
