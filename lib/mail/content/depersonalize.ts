import "server-only";
import { addressesIn } from "./parse";
import { EMPTY_IMAGE } from "./sanitize";
import { isClickTrackerUrl } from "./trackers";

/** Who received a copy: what must not appear in the form other people see. */
export type RecipientIdentity = { addresses: string[]; names: string[]; unsubscribeUrls: string[] };

const PERSONAL_PATH =
  /unsubscribe|opt-?out|preferences|manage|subscription|profile|settings|webversion|web-version|view-?(?:in-?)?browser|\/e\/|\/view\b|account/i;
const PERSONAL_PARAMS =
  /^(?:token|t|e|email|mail|uid|user|user_?id|subscriber(?:_?id)?|sid|r|mc_eid|mc_cid|_hsenc|_hsmi|eid|hash|recipient|rid|ref(?:_?id)?|utm_\w+)$/i;
const LONG_TOKEN = /[A-Za-z0-9_-]{16,}/;
const GREETING = "(Hi|Hello|Hey|Dear|Bonjour|Hallo|Hola|Ciao|Morning)";

// Comments, <style> elements (raw text) and tags; everything between them is escaped text.
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<style\b[^>]*>[\s\S]*?(?:<\/style\s*>|$)|<\/?[a-z][^>]*>/gi;
const LINK_OR_IMAGE = /<(?:a|img)[\s/>][^>]*>/gi;
const HREF = /\shref="([^"]*)"/i;
const SRC = /\ssrc="([^"]*)"/i;
const SHARED_SCHEME = /^(?:https?|mailto):/i;

/**
 * The shared form of sanitized HTML: no recipient address or name, no links carrying their token.
 * sanitizeEmailHtml writes every attribute double-quoted and escaped, so one linear pass can rewrite
 * links, images and text in place; a second sanitize-html pass re-serialized the whole document.
 */
export function depersonalizeHtml(html: string, who: RecipientIdentity): string {
  const matchers = identityMatchers(who);
  // Most copies name nobody in their text and keep no comments: then only links and images change,
  // and walking every tag of a 100 KB newsletter is most of the cost.
  if (!html.includes("<!--") && !matchers.mentionedIn(html)) {
    return html.replace(LINK_OR_IMAGE, (markup) => sharedMarkup(markup, who, matchers)).replaceAll(EMPTY_IMAGE, "");
  }
  let shared = "";
  let textStart = 0;
  for (const match of html.matchAll(MARKUP)) {
    shared += matchers.inText(html.slice(textStart, match.index)) + sharedMarkup(match[0], who, matchers);
    textStart = match.index + match[0].length;
  }
  shared += matchers.inText(html.slice(textStart));
  return shared.replaceAll(EMPTY_IMAGE, "");
}

function sharedMarkup(markup: string, who: RecipientIdentity, matchers: Matchers): string {
  if (markup.startsWith("<!--")) return "";
  if (/^<a[\s/>]/i.test(markup)) {
    return markup.replace(HREF, (_, value: string) => {
      const href = sharedUrl(unescapeAttribute(value), who, matchers);
      return href && SHARED_SCHEME.test(href) ? ` href="${escapeText(href)}"` : "";
    });
  }
  if (/^<img[\s/>]/i.test(markup)) {
    const src = SRC.exec(markup);
    return src && matchers.inUrl(unescapeAttribute(src[1])) ? "" : markup;
  }
  return markup;
}

/** An image URL (the thumbnail) as another reader may have it: none when it names the recipient or anyone's address. */
export function sharedImageUrl(url: string | null, who: RecipientIdentity): string | null {
  if (!url) return null;
  return identityMatchers(who).inUrl(url) || carriesAddress(url) ? null : url;
}

export function depersonalizeText(text: string, who: RecipientIdentity): string {
  const matchers = identityMatchers(who);
  const withoutLinks = text.replace(/\bhttps?:\/\/[^\s<>"']+/g, (url) => sharedUrl(url, who, matchers) ?? "");
  return matchers.inText(withoutLinks);
}

type Matchers = { inUrl: (url: string) => boolean; inText: (text: string) => string; mentionedIn: (text: string) => boolean };

// Every part of a message, and an import's every message, is depersonalized for the same readers: their
// matchers are built once for them, not again for each part.
let lastMatchers: { key: string; matchers: Matchers } | null = null;

function identityMatchers(who: RecipientIdentity): Matchers {
  const key = JSON.stringify([who.addresses, who.names]);
  if (lastMatchers?.key !== key) lastMatchers = { key, matchers: buildMatchers(who) };
  return lastMatchers.matchers;
}

function buildMatchers(who: RecipientIdentity): Matchers {
  const addresses = [...new Set(who.addresses.map((address) => address.toLowerCase()).filter((address) => address.includes("@")))];
  const locals = addresses.map((address) => address.slice(0, address.indexOf("@"))).filter((local) => local.length >= 5);
  const urlNeedles = [
    ...addresses,
    ...addresses.map((address) => encodeURIComponent(address).toLowerCase()),
    ...addresses.map((address) => Buffer.from(address).toString("base64").replace(/=+$/, "")),
    ...locals,
  ];
  const names = [...new Set(who.names.map((name) => name.trim()).filter((name) => name.length >= 2))];
  const firstNames = names.map((name) => name.split(/\s+/)[0]).filter((name) => name.length >= 2);
  const textNeedles = [
    ...addresses,
    ...locals,
    ...firstNames.map((name) => name.toLowerCase()),
    ...names.map((name) => escapeText(name).toLowerCase()),
  ];
  const mention = textNeedles.length > 0 ? new RegExp(textNeedles.map(escapeRegExp).join("|"), "i") : null;
  const greeting = alternation([...names, ...firstNames]);
  const greetingPattern = greeting ? new RegExp(`\\b${GREETING}\\s+(?:${greeting})(?![\\p{L}\\p{N}])`, "giu") : null;
  const removal = alternation([...addresses, ...names]);
  const removalPattern = removal ? new RegExp(removal, "gi") : null;
  // Mail merges address the reader by first name ("Alice, your picks", "Thanks for reading, Alice!");
  // elsewhere a first name may be an ordinary word ("Mark your calendar"), so only these uses go.
  const first = alternation(firstNames);
  const openingPattern = first ? new RegExp(`(^|[.!?]\\s+)(?:${first}),\\s*(\\p{L})`, "gu") : null;
  const closingPattern = first ? new RegExp(`,\\s*(?:${first})(?=\\s*[!.?]|\\s*$)`, "gu") : null;
  // A local part alone (the reader's Paperboy address is one) is as personal as the address; lower case
  // as the addresses are, and only as a whole token.
  const local = alternation(locals);
  const localPattern = local ? new RegExp(`(?<![\\w.+-])(?:${local})(?![\\w+-]|\\.\\w)`, "g") : null;
  return {
    inUrl: (url) => {
      const lower = url.toLowerCase();
      return urlNeedles.some((needle) => (needle === needle.toLowerCase() ? lower.includes(needle) : url.includes(needle)));
    },
    mentionedIn: (text) => mention?.test(text) ?? false,
    inText: (text) => {
      // A cheap substring test first: most text nodes hold none of these words.
      const lower = text.toLowerCase();
      if (!textNeedles.some((needle) => lower.includes(needle))) return text;
      let value = text;
      if (greetingPattern) value = value.replace(greetingPattern, "$1 there");
      if (removalPattern) value = value.replace(removalPattern, "");
      if (openingPattern) value = value.replace(openingPattern, (_, before: string, letter: string) => before + letter.toUpperCase());
      if (closingPattern) value = value.replace(closingPattern, "");
      if (localPattern) value = value.replace(localPattern, "");
      return value;
    },
  };
}

/** One pattern for several words, in their plain and HTML-escaped forms, longest first. */
function alternation(words: string[]): string | null {
  const forms = new Set(words.flatMap((word) => [word, escapeText(word)]));
  const sorted = [...forms].filter(Boolean).sort((a, b) => b.length - a.length);
  return sorted.length > 0 ? sorted.map(escapeRegExp).join("|") : null;
}

/** The escaping sanitize-html gives text and attribute values. */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function unescapeAttribute(value: string): string {
  return value.replace(/&(quot|lt|gt|#39|amp);/g, (_, name: string) => ({ quot: '"', lt: "<", gt: ">", "#39": "'", amp: "&" })[name] ?? "");
}

/** The link as another reader may have it, or null when it only makes sense for the recipient. */
function sharedUrl(href: string, who: RecipientIdentity, matchers: Matchers): string | null {
  const value = href.trim();
  if (who.unsubscribeUrls.some((url) => url.trim() === value)) return null;
  if (matchers.inUrl(value) || isClickTrackerUrl(value) || carriesAddress(value)) return null;
  if (/^mailto:/i.test(value)) return /unsubscribe|remove|leave/i.test(value) ? null : value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (PERSONAL_PATH.test(url.pathname + url.hostname) && (url.search !== "" || LONG_TOKEN.test(url.pathname))) return null;
  for (const name of [...url.searchParams.keys()])
    if (PERSONAL_PARAMS.test(name) || LONG_TOKEN.test(url.searchParams.get(name) ?? "")) url.searchParams.delete(name);
  return url.toString();
}

/**
 * An e-mail address in a link's query (or a mailto's subject and body): someone's own address, often
 * one the recipient list does not know, such as the original recipient of a forwarded issue.
 */
function carriesAddress(url: string): boolean {
  const query = url.indexOf("?");
  if (query === -1) return false;
  let decoded = url.slice(query + 1);
  if (!/@|%40/i.test(decoded)) return false;
  try {
    decoded = decodeURIComponent(decoded.replace(/\+/g, " "));
  } catch {
    // A malformed escape is checked as written.
  }
  return addressesIn(decoded).length > 0;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
