import "server-only";
import render from "dom-serializer";
import { Element, Text, type ChildNode, type ParentNode } from "domhandler";
import { parseDocument } from "htmlparser2";
import { escapeHtml } from "@/lib/mail/content/html-text";

/** What an `<img src>` of the body becomes inside the book: the file's path in the book, or null to leave the image out. */
type ImageResolver = (src: string) => Promise<string | null>;

// Elements HTML5 dropped (epubcheck refuses them in XHTML), as the element that keeps their content.
const RENAMED: Record<string, string> = { center: "div", font: "span", big: "span", strike: "s", tt: "code" };
// What a mail's layout carries that an e-reader lays out itself, or that would load from the web.
const DROPPED = new Set(["style", "script", "head", "title", "meta", "link", "base"]);
const INTEGER = /^\d{1,5}$/;
// Flow content a phrasing parent may not hold, and the phrasing elements that may hold nothing else (HTML5's content models).
const BLOCKS = new Set(
  "address article aside blockquote div dl figure footer h1 h2 h3 h4 h5 h6 header hr main nav ol p pre section table ul".split(" "),
);
const PHRASING_ONLY = new Set(
  "abbr b bdi bdo cite code dfn em h1 h2 h3 h4 h5 h6 i kbd mark p q s samp small span strong sub sup time u var".split(" "),
);
// Their content model is their parent's: a block inside makes them a block to their parent.
const TRANSPARENT = new Set(["a", "ins", "del"]);

/** The attributes each element keeps, with a test of the value where HTML5 asks for one; anything else goes. */
const GLOBAL: Record<string, RegExp | null> = { dir: /^(?:ltr|rtl|auto)$/i, lang: /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i, title: null };
const KEPT: Record<string, Record<string, RegExp | null>> = {
  a: { href: /^(?:https?:|mailto:)/i },
  img: { alt: null, width: INTEGER, height: INTEGER },
  td: { colspan: INTEGER, rowspan: INTEGER },
  th: { colspan: INTEGER, rowspan: INTEGER, scope: /^(?:row|col|rowgroup|colgroup)$/i },
  col: { span: INTEGER },
  colgroup: { span: INTEGER },
  ol: { start: /^-?\d{1,9}$/, reversed: null },
  li: { value: /^-?\d{1,9}$/ },
  time: { datetime: null },
};

// XML 1.0 refuses these characters anywhere in a document (C0 controls but tab, CR, LF; unpaired surrogates; U+FFFE/F).
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, "");
}

function keptAttributes(tag: string, attributes: Record<string, string>): Record<string, string> {
  const allowed = { ...GLOBAL, ...KEPT[tag] };
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const test = allowed[name.toLowerCase()];
    if (test === undefined || (test && !test.test(value.trim()))) continue;
    if (name.toLowerCase() === "href") {
      // A URL as the URL standard writes it: what a mail leaves unescaped (spaces in a mailto:) is escaped.
      const href = URL.parse(value.trim())?.href;
      if (href) kept.href = xmlSafe(href);
    } else kept[name.toLowerCase()] = xmlSafe(value);
  }
  return kept;
}

function holdsBlock(node: Element): boolean {
  return node.children.some(
    (child) => child instanceof Element && (BLOCKS.has(child.name) || (TRANSPARENT.has(child.name) && holdsBlock(child))),
  );
}

async function clean(parent: ParentNode, resolve: ImageResolver): Promise<void> {
  for (const node of [...parent.children]) {
    if (node instanceof Text) {
      node.data = xmlSafe(node.data);
    } else if (node instanceof Element) {
      const tag = node.name.toLowerCase();
      if (DROPPED.has(tag)) {
        removeNode(node);
        continue;
      }
      if (tag === "img") {
        const path = node.attribs.src ? await resolve(node.attribs.src) : null;
        if (!path) {
          removeNode(node);
          continue;
        }
        node.attribs = { src: path, ...keptAttributes(tag, node.attribs) };
        node.attribs.alt ??= "";
        continue;
      }
      node.name = RENAMED[tag] ?? tag;
      node.attribs = keptAttributes(node.name, node.attribs);
      await clean(node, resolve);
      // A mail's <p> or <span> around a table is a box to a browser; in XHTML it has to be one.
      if (PHRASING_ONLY.has(node.name) && holdsBlock(node)) node.name = "div";
    } else {
      // Comments, processing instructions and doctypes of the mail say nothing to a reader.
      removeNode(node);
    }
  }
}

function removeNode(node: ChildNode): void {
  const siblings = node.parent?.children;
  if (siblings) siblings.splice(siblings.indexOf(node), 1);
}

/**
 * One chapter of the book: the sanitised body parsed as HTML (never matched with patterns), cleaned to
 * what EPUB 3's XHTML allows, its images handed to `resolve`, and written back as XML.
 */
export async function chapterXhtml(html: string, title: string, resolve: ImageResolver): Promise<string> {
  const document = parseDocument(html);
  await clean(document, resolve);
  const body = render(document, { xmlMode: true, encodeEntities: "utf8", selfClosingTags: true });
  return xhtmlDocument(title, `<h1>${escapeHtml(xmlSafe(title))}</h1>\n${body}`);
}

/** An XHTML content document around `body` (already XML). */
export function xhtmlDocument(title: string, body: string, options: { epubNamespace?: boolean } = {}): string {
  const epub = options.epubNamespace ? ' xmlns:epub="http://www.idpf.org/2007/ops"' : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"${epub}>
<head>
<meta charset="UTF-8"/>
<title>${escapeHtml(xmlSafe(title))}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}
