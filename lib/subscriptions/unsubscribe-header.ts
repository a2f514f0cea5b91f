/** What a newsletter's List-Unsubscribe offers, once every unusable part is dropped. */
export type UnsubscribeOptions = {
  /** RFC 8058: a URL to POST `List-Unsubscribe=One-Click` to. */
  oneClick: string | null;
  mailto: MailtoUnsubscribe | null;
  /** A page for the reader to open. */
  link: string | null;
};

type MailtoUnsubscribe = { to: string; subject: string; body: string };

const UNSUBSCRIBE_METHODS = ["one_click", "mailto", "link"] as const;
export type UnsubscribeMethod = (typeof UNSUBSCRIBE_METHODS)[number];

const MAX_ENTRIES = 10;
const MAX_URI = 4_096;
const MAX_SUBJECT = 200;
const MAX_BODY = 2_000;
// One plain address: no comma, quote, angle bracket, space or line break can ride along into our message.
const ADDRESS = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * Reads List-Unsubscribe (RFC 2369: `<uri>, <uri>`) and List-Unsubscribe-Post (RFC 8058). Hostile
 * values are parsed, never trusted: only http(s) URLs and mailto URIs naming one address count,
 * extra mailto fields (cc, bcc, headers) are ignored, and oversized parts are dropped.
 * `allowsHttp` says whether an http URL's host may take a one-click POST (FETCH_ALLOW_HOSTS).
 */
export function parseUnsubscribeHeaders(
  list: string | null,
  post: string | null,
  allowsHttp: (url: URL) => boolean = () => false,
): UnsubscribeOptions {
  const options: UnsubscribeOptions = { oneClick: null, mailto: null, link: null };
  if (!list) return options;
  const oneClickOffered = post?.replace(/\s+/g, "").toLowerCase() === "list-unsubscribe=one-click";
  for (const entry of entries(list)) {
    if (/^mailto:/i.test(entry)) {
      options.mailto ??= parseMailto(entry);
      continue;
    }
    const url = parseWebUrl(entry);
    if (!url) continue;
    options.link ??= url.href;
    if (oneClickOffered && !options.oneClick && (url.protocol === "https:" || allowsHttp(url))) options.oneClick = url.href;
  }
  return options;
}

export function unsubscribeMethods(options: UnsubscribeOptions): UnsubscribeMethod[] {
  const offered = { one_click: options.oneClick, mailto: options.mailto, link: options.link };
  return UNSUBSCRIBE_METHODS.filter((method) => offered[method] !== null);
}

function entries(list: string): string[] {
  const bracketed = [...list.matchAll(/<([^<>]*)>/g)].map((match) => match[1]);
  const raw = bracketed.length > 0 ? bracketed : list.split(",");
  // Folding may leave whitespace inside the brackets; RFC 2369 says it is to be ignored.
  return raw
    .slice(0, MAX_ENTRIES)
    .map((entry) => entry.replace(/\s+/g, ""))
    .filter((entry) => entry.length > 0 && entry.length <= MAX_URI);
}

function parseWebUrl(entry: string): URL | null {
  if (!/^https?:\/\//i.test(entry)) return null;
  try {
    const url = new URL(entry);
    // A URL with credentials in it is not a newsletter's unsubscribe page.
    return url.username || url.password ? null : url;
  } catch {
    return null;
  }
}

function parseMailto(entry: string): MailtoUnsubscribe | null {
  const query = entry.indexOf("?");
  const to = decode(entry.slice("mailto:".length, query === -1 ? undefined : query));
  if (!to || !ADDRESS.test(to)) return null;
  const fields = new URLSearchParams(query === -1 ? "" : entry.slice(query + 1).replace(/\+/g, "%2B"));
  const subject = singleLine(fields.get("subject") ?? "").slice(0, MAX_SUBJECT) || "Unsubscribe";
  const body = (fields.get("body") ?? "").replace(/\r\n?/g, "\n").replace(CONTROL, "").slice(0, MAX_BODY) || "Unsubscribe";
  return { to: to.toLowerCase(), subject, body };
}

function singleLine(value: string): string {
  return value
    .replace(/[\r\n]+/g, " ")
    .replace(CONTROL, "")
    .trim();
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
