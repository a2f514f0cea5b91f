import "server-only";
import sanitizeHtml from "sanitize-html";
import type { ElementSink } from "./summarize";
import { htmlBounds } from "./html-bounds";
import { isHiddenStyle, isPixelSized, isTrackingPixelUrl } from "./trackers";

export type SanitizeOptions = {
  /** cid (without brackets) -> data: URI of an inline image carried by the message. */
  inlineImages?: Map<string, string>;
  /** Drops Gmail's forward header block (it names the forwarder's own address). */
  dropForwardHeader?: boolean;
  /** Told every element and text of the output as it is written, so that no one has to parse it again. */
  sink?: ElementSink;
};

// sanitize-html cannot drop a void tag from a transform (renaming it breaks its close-tag bookkeeping
// and exclusiveFilter never sees void tags): a dropped image loses every attribute and is cut afterwards.
const DROPPED: sanitizeHtml.Tag = { tagName: "img", attribs: {} };
export const EMPTY_IMAGE = "<img />";

const ALLOWED_TAGS = [
  "a",
  "abbr",
  "address",
  "article",
  "aside",
  "b",
  "bdi",
  "bdo",
  "big",
  "blockquote",
  "br",
  "caption",
  "center",
  "cite",
  "code",
  "col",
  "colgroup",
  "dd",
  "del",
  "dfn",
  "div",
  "dl",
  "dt",
  "em",
  "figcaption",
  "figure",
  "font",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "i",
  "img",
  "ins",
  "kbd",
  "li",
  "main",
  "mark",
  "nav",
  "ol",
  "p",
  "pre",
  "q",
  "s",
  "samp",
  "section",
  "small",
  "span",
  "strike",
  "strong",
  "style",
  "sub",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "time",
  "tr",
  "tt",
  "u",
  "ul",
  "var",
  "wbr",
];

// sanitize-html looks a tag up in this list with indexOf, up to three times for each text: mail's
// commonest tags go first. Sorting keeps the list what it is.
const COMMON_TAGS = ["div", "p", "td", "tr", "a", "table", "span", "li", "img", "b", "strong", "br", "em", "tbody"];
const rank = (tag: string) => (COMMON_TAGS.includes(tag) ? COMMON_TAGS.indexOf(tag) : COMMON_TAGS.length);
const ALLOWED_TAGS_COMMON_FIRST = [...ALLOWED_TAGS].sort((a, b) => rank(a) - rank(b));

const COMMON_ATTRIBUTES = ["style", "class", "dir", "lang", "title", "align", "valign", "width", "height", "bgcolor", "color", "border"];

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  "*": COMMON_ATTRIBUTES,
  a: ["href", "target", "rel"],
  img: ["src", "alt", "hspace", "vspace"],
  table: ["cellpadding", "cellspacing", "role", "summary"],
  td: ["colspan", "rowspan", "nowrap"],
  th: ["colspan", "rowspan", "nowrap", "scope"],
  col: ["span"],
  colgroup: ["span"],
  font: ["face", "size"],
  ol: ["start", "type", "reversed"],
  ul: ["type"],
  li: ["value"],
  time: ["datetime"],
  style: ["type", "media"],
};

const DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|bmp);base64,[a-z0-9+/=\s]+$/i;
const SAFE_CSS_URL = /^(?:https:\/\/|data:image\/(?:png|gif|jpe?g|webp);)/i;

const CSS_URL = /url\s*\(\s*(?:"([^"]{0,4096})"|'([^']{0,4096})'|([^)'"\s]{0,4096}))\s*\)/gi;
const KEPT = "\ue000";

/** Keeps https and data-image url()s; any other url(, well-formed or not, stops loading anything. */
function cleanCssUrls(css: string): string {
  const kept: string[] = [];
  const marked = css.replaceAll(KEPT, "").replace(CSS_URL, (match, double?: string, single?: string, bare?: string) => {
    if (!SAFE_CSS_URL.test((double ?? single ?? bare ?? "").trim())) return "none";
    kept.push(match);
    return KEPT;
  });
  let index = 0;
  return marked.replace(/url\s*\(/gi, "none(").replace(/\ue000/g, () => kept[index++]);
}

// Every rewrite below needs one of these; inline styles almost never hold any, and mail has thousands.
const CSS_NEEDS_CLEANING = /[\\\ue000]|\/\*|url|@import|expression|behavio|binding|script|-o-link|position/i;

/** Neutralizes what CSS can do besides styling: imports, scripts, remote loads other than https images, overlays. */
export function cleanCss(css: string): string {
  if (!CSS_NEEDS_CLEANING.test(css)) return css;
  // Comments and escapes go first so they cannot hide "url(" or "expression(" from the checks after them.
  const plain = css.replace(/\/\*(?:[^*]|\*(?!\/))*(?:\*\/|$)/g, "").replaceAll("\\", "");
  return cleanCssUrls(plain)
    .replace(/@import[^;]{0,4096};?/gi, "")
    .replace(/expression\s*\(|behaviou?r\s*:|-moz-binding|javascript\s*:|vbscript\s*:|-o-link|binding\s*:/gi, "blocked")
    .replace(/position\s*:\s*(?:fixed|sticky)/gi, "position:static");
}

const STYLE_OPEN = /<style/gi;
const STYLE_CLOSE = /<\/style/gi;

/** Where `pattern` next matches at or after `from`, or -1. */
function findFrom(pattern: RegExp, text: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.exec(text)?.index ?? -1;
}

/**
 * Cleans the text of every <style> element; a linear scan, so unclosed tags cannot make it quadratic.
 * It searches case-insensitively rather than in a lower-cased copy, which cost more than the scan and
 * could be longer than the HTML (İ lower-cases to two characters), shifting every offset after it.
 */
function cleanStyleElements(html: string): string {
  let open = findFrom(STYLE_OPEN, html, 0);
  if (open === -1) return html;
  const parts: string[] = [];
  let done = 0;
  while (open !== -1) {
    const bodyStart = html.indexOf(">", open);
    const close = bodyStart === -1 ? -1 : findFrom(STYLE_CLOSE, html, bodyStart);
    if (close === -1) break;
    const sheet = html.slice(bodyStart + 1, close).replace(/<!--|-->/g, "");
    // Markup inside a style sheet is the shape of namespace-confusion (mXSS) attacks, never real CSS.
    parts.push(html.slice(done, bodyStart + 1), sheet.includes("<") ? "" : cleanCss(sheet));
    done = close;
    open = findFrom(STYLE_OPEN, html, close + 7);
  }
  parts.push(html.slice(done));
  return parts.join("");
}

function transformAny(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  if (attribs.style === undefined) return { tagName, attribs };
  const style = cleanCss(attribs.style).trim();
  const next = { ...attribs };
  if (style) next.style = style;
  else delete next.style;
  return { tagName, attribs: next };
}

function transformLink(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const next: sanitizeHtml.Attributes = { ...attribs, target: "_blank", rel: "noopener noreferrer" };
  const href = attribs.href?.trim();
  if (href && /^(?:https?:\/\/|mailto:)/i.test(href)) next.href = href;
  else delete next.href;
  return { tagName, attribs: next };
}

function imageTransform(inlineImages: Map<string, string> | undefined) {
  return (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => {
    let src = attribs.src?.trim() ?? "";
    if (/^cid:/i.test(src)) src = inlineImages?.get(normalizeCid(src.slice(4))) ?? "";
    if (src.startsWith("//")) src = `https:${src}`;
    const usable = /^https?:\/\//i.test(src) || DATA_IMAGE.test(src);
    if (!usable || isTrackingPixelUrl(src) || isPixelSized(attribs) || isHiddenStyle(attribs.style)) return DROPPED;
    return { tagName, attribs: { ...attribs, src } };
  };
}

export function normalizeCid(cid: string): string {
  let value = cid.trim().replace(/^<|>$/g, "");
  try {
    value = decodeURIComponent(value);
  } catch {
    // A malformed escape is kept as written.
  }
  return value.toLowerCase();
}

// Where mail clients put a forward's header block (it names the forwarder): Gmail, Thunderbird, Outlook on the web.
const FORWARD_HEADER_CLASS = /\b(?:gmail_attr|moz-email-headers-table)\b/;
const FORWARD_HEADER_ID = "divRplyFwdMsg";

/**
 * A style sheet as the parser read it, kept only when cleaning would leave it as it is. The scan above
 * cleans the sheets it finds in the text, which markup can fool (an unclosed <style> it leaves alone
 * runs to the end of the mail, markup and all): this check holds whatever the scan missed.
 */
function isCleanSheet(frame: sanitizeHtml.IFrame): boolean {
  return !frame.text.includes("<") && cleanCss(frame.text) === frame.text;
}

/**
 * Which <style> elements the parser found elements inside. htmlparser2 reads `<style/>` as an open
 * element and what follows as markup, which it writes inside the sheet; a browser reads all of it as the
 * sheet, attribute values included, where no cleaning reached them ("\n{}@import url(...)" in a title
 * loads a style sheet). Such a sheet is never real CSS: it is dropped with everything in it.
 */
function sheetsHoldingMarkup() {
  const open: boolean[] = [];
  let closedHeldMarkup = false;
  return {
    opened(name: string) {
      if (open.length > 0) open[open.length - 1] = true;
      if (name === "style") open.push(false);
    },
    closed(name: string) {
      if (name === "style") closedHeldMarkup = open.pop() ?? false;
    },
    /** Whether the <style> just closed held elements: asked as sanitize-html filters it, after closed(). */
    lastHeldMarkup: () => closedHeldMarkup,
  };
}

/**
 * The one sanitizer of stored mail HTML (docs/contract.md section 5): an allow-list, run once at filing.
 * Throws HtmlPastBoundsError, having stopped reading, for HTML past the parsing bounds (html-bounds.ts).
 */
export function sanitizeEmailHtml(html: string, options: SanitizeOptions = {}): string {
  // Marked as the element is read, while it still has its id: sanitize-html removes ids before it is closed.
  const forwardHeaders = new WeakSet<sanitizeHtml.Attributes>();
  const transform = (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => {
    const tag = transformAny(tagName, attribs);
    if (options.dropForwardHeader && (attribs.id === FORWARD_HEADER_ID || FORWARD_HEADER_CLASS.test(attribs.class ?? "")))
      forwardHeaders.add(tag.attribs);
    return tag;
  };
  const dropsElement = (attribs: sanitizeHtml.Attributes) => forwardHeaders.has(attribs);
  const relay = options.sink ? outputRelay(options.sink, dropsElement, transform) : null;
  const bounds = htmlBounds();
  const sheets = sheetsHoldingMarkup();
  const excluded = (frame: sanitizeHtml.IFrame) => {
    const unsafeSheet = frame.tag === "style" && (sheets.lastHeldMarkup() || !isCleanSheet(frame));
    const filtered = relay ? relay.closing(frame) : options.dropForwardHeader === true && dropsElement(frame.attribs);
    return unsafeSheet || filtered;
  };
  const clean = sanitizeHtml(cleanStyleElements(html), {
    allowedTags: ALLOWED_TAGS_COMMON_FIRST,
    allowVulnerableTags: true,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https", "data"] },
    allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
    allowProtocolRelative: false,
    parseStyleAttributes: false,
    disallowedTagsMode: "discard",
    nonTextTags: [
      "script",
      "style",
      "textarea",
      "option",
      "xmp",
      "title",
      "noscript",
      "noembed",
      "noframes",
      "iframe",
      "template",
      "select",
      "object",
      "applet",
    ],
    transformTags: { "*": relay ? relay.transform : transform, a: transformLink, img: imageTransform(options.inlineImages) },
    exclusiveFilter: excluded,
    textFilter: relay?.text,
    onOpenTag: (name) => {
      bounds.opened();
      sheets.opened(name);
    },
    onCloseTag: (name) => {
      bounds.closed();
      sheets.closed(name);
    },
  });
  relay?.end();
  return clean.replaceAll(EMPTY_IMAGE, "");
}

const ALLOWED = new Set(ALLOWED_TAGS);
const ESCAPED = /&(?:amp|lt|gt);/g;
const UNESCAPED: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">" };

// The output nests elements as sanitize-html's parser read them, through tags it then dropped; a parser
// of the output closes some of them sooner, by htmlparser2's rules for the allowed tags: the tags an
// opening tag closes when one of them is the innermost open element, and the void elements.
const CLOSES_P = ["p"];
const CLOSES_HEADING = ["h1", "h2", "h3", "h4", "h5", "h6", "p"];
const OPENING_CLOSES: Record<string, string[]> = {
  tr: ["tr", "th", "td"],
  th: ["th"],
  td: ["thead", "th", "td"],
  a: ["a"],
  li: ["li"],
  p: CLOSES_P,
  h1: CLOSES_HEADING,
  h2: CLOSES_HEADING,
  h3: CLOSES_HEADING,
  h4: CLOSES_HEADING,
  h5: CLOSES_HEADING,
  h6: CLOSES_HEADING,
  dd: ["dd", "dt"],
  dt: ["dd", "dt"],
  tbody: ["thead", "tbody"],
  tfoot: ["thead", "tbody"],
  address: CLOSES_P,
  article: CLOSES_P,
  aside: CLOSES_P,
  blockquote: CLOSES_P,
  div: CLOSES_P,
  dl: CLOSES_P,
  figcaption: CLOSES_P,
  figure: CLOSES_P,
  footer: CLOSES_P,
  header: CLOSES_P,
  hr: CLOSES_P,
  main: CLOSES_P,
  nav: CLOSES_P,
  ol: CLOSES_P,
  pre: CLOSES_P,
  section: CLOSES_P,
  table: CLOSES_P,
  ul: CLOSES_P,
};
const VOID_TAGS = new Set(["br", "col", "hr", "img", "wbr"]);

/**
 * Reports to a sink exactly what a parser of the output would, through sanitize-html's own hooks:
 * an element is written when its tag is allowed; its attributes are final only once sanitize-html has
 * checked them, so it is reported at the next hook; every close of a written element reaches
 * exclusiveFilter; written text passes textFilter (escaped), except a style sheet's, which no reader
 * of the text wants. An element exclusiveFilter drops is reported with nothing inside it, and so is a
 * <style>: what the parser found inside one (after `<style/>`) a parser of the output reads as its text.
 */
function outputRelay(
  sink: ElementSink,
  dropsElement: (attribs: sanitizeHtml.Attributes) => boolean,
  transformTag: (tagName: string, attribs: sanitizeHtml.Attributes) => sanitizeHtml.Tag,
) {
  let pending: { name: string; attribs: sanitizeHtml.Attributes } | null = null;
  let dropped: sanitizeHtml.Attributes | null = null;
  // The <style> being read: a parser of the output reads whatever is in it as the sheet's text.
  let sheet: sanitizeHtml.Attributes | null = null;
  // What a parser of the output would have open, innermost last.
  const open: string[] = [];
  const opening = (name: string, attribs: sanitizeHtml.Attributes) => {
    const closes = OPENING_CLOSES[name];
    while (closes && open.length > 0 && closes.includes(open[open.length - 1]!)) sink.onclosetag(open.pop()!);
    sink.onopentag(name, attribs);
    if (VOID_TAGS.has(name)) sink.onclosetag(name);
    else open.push(name);
  };
  const closing = (name: string) => {
    if (VOID_TAGS.has(name)) return;
    const at = open.lastIndexOf(name);
    if (at !== -1) {
      while (open.length > at) sink.onclosetag(open.pop()!);
    } else if (name === "p") {
      // A parser reads a </p> with no <p> open as an empty paragraph.
      sink.onopentag("p", {});
      sink.onclosetag("p");
    }
  };
  const report = () => {
    if (!pending) return;
    if (!dropped && !sheet) {
      if (dropsElement(pending.attribs)) dropped = pending.attribs;
      else {
        opening(pending.name, pending.attribs);
        if (pending.name === "style") sheet = pending.attribs;
      }
    }
    pending = null;
  };
  return {
    transform(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
      report();
      if (tagName === "meta") sink.onmeta?.(attribs);
      const tag = transformTag(tagName, attribs);
      if (ALLOWED.has(tag.tagName)) pending = { name: tag.tagName, attribs: tag.attribs };
      return tag;
    },
    closing(frame: sanitizeHtml.IFrame): boolean {
      report();
      const drops = dropsElement(frame.attribs);
      if (dropped === frame.attribs) dropped = null;
      else if (sheet === frame.attribs) {
        sheet = null;
        closing(frame.tag);
      } else if (!dropped && !sheet) closing(frame.tag);
      return drops;
    },
    text(text: string): string {
      report();
      if (!dropped && !sheet) sink.ontext(text.includes("&") ? text.replace(ESCAPED, (entity) => UNESCAPED[entity]!) : text);
      return text;
    },
    end() {
      report();
      while (open.length > 0) sink.onclosetag(open.pop()!);
    },
  };
}
