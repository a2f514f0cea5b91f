// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { XSS_VECTORS } from "@/tests/fixtures/mail/xss-vectors";
import { deriveFromHtml, startDerivation } from "./summarize";
import { sanitizeEmailHtml } from "./sanitize";

// Seeded hostile HTML: nested, unclosed and misnested markup built from the pieces of known XSS vectors
// (DOMPurify's and OWASP's: script-bearing URLs hidden by entities and white space, svg/math namespace
// confusion, raw-text elements, comments, CDATA, <style> tricks, handlers, formaction, srcset, meta
// refresh, base href). A failure names its seed; hostileHtml(seed) gives the document back.
const SEEDS = 1_500;

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

const TAGS = [
  ...[
    "div",
    "p",
    "a",
    "img",
    "table",
    "tr",
    "td",
    "th",
    "tbody",
    "li",
    "ul",
    "span",
    "b",
    "font",
    "center",
    "h1",
    "h2",
    "dd",
    "br",
    "hr",
    "col",
    "wbr",
  ],
  ...[
    "style",
    "STYLE",
    "script",
    "Script",
    "iframe",
    "noscript",
    "noembed",
    "noframes",
    "template",
    "textarea",
    "title",
    "xmp",
    "plaintext",
  ],
  ...[
    "select",
    "option",
    "object",
    "applet",
    "svg",
    "math",
    "mtext",
    "mglyph",
    "foreignObject",
    "desc",
    "annotation-xml",
    "animate",
    "set",
    "use",
  ],
  ...[
    "form",
    "input",
    "button",
    "base",
    "meta",
    "link",
    "image",
    "embed",
    "frameset",
    "frame",
    "video",
    "source",
    "body",
    "html",
    "label",
    "details",
  ],
];
const ATTRIBUTES = [
  ...[
    "href",
    "src",
    "style",
    "class",
    "id",
    "title",
    "alt",
    "width",
    "height",
    "target",
    "rel",
    "align",
    "nowrap",
    "colspan",
    "type",
    "media",
  ],
  ...["onerror", "onload", "OnMouseOver", "on", "formaction", "action", "srcset", "srcdoc", "xlink:href", "background", "poster", "data"],
  ...["http-equiv", "content", "name", "is", "value", 'a"b', "x/y"],
];
const URLS = [
  ...["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "jav&#x09;ascript:alert(1)"],
  ...[
    "&#106;avascript:alert(1)",
    "javascript&colon;alert(1)",
    "&#0000106avascript:alert(1)",
    "\u0001javascript:alert(1)",
    "java<!-- -->script:alert(1)",
  ],
  ...[
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:image/svg+xml;base64,PHN2Zz4=",
    "data:image/png;base64,iVBORw0KGgo=",
  ],
  ...[
    "https://ok.example/a.png",
    "http://ok.example/b",
    "//evil.example/x",
    "\\\\evil.example",
    "mailto:a@b.example",
    "cid:part1",
    "#top",
    "/relative",
  ],
  ...["https://open.convertkit-mail2.com/x", 'https://x.example/?a=1&b=<2>"', "0;url=javascript:alert(1)"],
];
const STYLES = [
  ...["color:red", "background:url(javascript:alert(1))", "width:expression(alert(1))", "x:exp/**/ression(1)", "behavior:url(x.htc)"],
  ...[
    "-moz-binding:url(x)",
    "position:fixed",
    "display:none",
    "width:1px",
    "background:url('https://ok.example/a.png')",
    "\\75rl(javascript:1)",
  ],
  ...["@import 'x.css'", "", '"</style><img src=x onerror=alert(1)>', "\n{}@import url('https://evil.example/x.css');"],
];
const TEXTS = [
  ...["x", "hello world", "&amp;", "&lt;script&gt;", "&#60;img src=x onerror=alert(1)&#62;", "a < b > c", "&nbsp;", "&", "&unknown;", "İ"],
  ...["<", ">", "\"'", "]]>", "--!>", "-->", "\u0000", "&#x0;", "\r\n", "\n{}@import url('https://evil.example/x.css');"],
];
const SHEETS = [
  ...[
    "a{color:red}",
    "@import url(https://evil.example/x.css);",
    "b{background:url(javascript:alert(1))}",
    "/*</style><img src=x onerror=alert(1)>*/",
  ],
  ...[
    "c{width:expression(1)}",
    "<!--",
    "-->",
    "<img src=x onerror=alert(1)>",
    "d{behavior:url(x)}",
    "@im\\port 'x';",
    ".p{position:fixed}",
  ],
];
const MARKUP = [
  ...[
    "<!--",
    "-->",
    "<!-- <img src=x onerror=alert(1)> -->",
    "<!--!>",
    "<!-->",
    "<!--x--!>y-->",
    "<![CDATA[<img src=x onerror=alert(1)>]]>",
  ],
  ...["<!DOCTYPE html>", "<?xml x?>", "<!x>", "</", "<", "<a", "<img src=x onerror=alert(1)", '="', '"', "'", ">", "<p <p>"],
  ...["</style>", "</style x>", "<style/>", "</script>", "</textarea>", "</title>", "</noscript>", "</p>", "</br>", "</div>", "<//div>"],
  ...["<div/>", "<img/>", "</ div>", "</a>", "</td>", "</table>"],
];

function hostileHtml(seed: number): string {
  const random = seededRandom(seed);
  const pick = (list: string[]) => list[Math.floor(random() * list.length)]!;
  const attribute = () => {
    const name = pick(ATTRIBUTES);
    const value = name === "style" ? pick(STYLES) : random() < 0.5 ? pick(URLS) : pick(TEXTS);
    const quoting = random();
    if (quoting < 0.1) return ` ${name}`;
    if (quoting < 0.5) return ` ${name}="${value.replaceAll('"', "&quot;")}"`;
    if (quoting < 0.7) return ` ${name}='${value}'`;
    if (quoting < 0.85) return ` ${name}=${value.replace(/[\s>]/g, "")}`;
    return ` ${name}="${value}"`;
  };
  const node = (depth: number): string => {
    const kind = random();
    if (kind < 0.2 || depth > 6) return pick(TEXTS);
    if (kind < 0.32) return pick(MARKUP);
    const tag = pick(TAGS);
    let attributes = "";
    for (let count = Math.floor(random() * 4); count > 0; count--) attributes += attribute();
    if (tag.toLowerCase() === "style") {
      let sheet = "";
      for (let count = Math.floor(random() * 3); count >= 0; count--) sheet += pick(SHEETS);
      return `<${tag}${attributes}>${sheet}${random() < 0.8 ? "</style>" : ""}`;
    }
    let inner = "";
    for (let count = Math.floor(random() * 4); count > 0; count--) inner += node(depth + 1);
    const selfClosing = random() < 0.05 ? "/" : "";
    const close = random();
    return `<${tag}${attributes}${selfClosing}>${inner}${close < 0.7 ? `</${tag}>` : close < 0.8 ? `</${pick(TAGS)}>` : ""}`;
  };
  let html = "";
  for (let count = 1 + Math.floor(random() * 5); count > 0; count--) html += node(0);
  return html;
}

const FORBIDDEN =
  /^(?:script|iframe|frame|frameset|object|embed|form|input|button|meta|base|link|template|noscript|video|audio|source|applet|textarea|select|option|title|image|plaintext|xmp)$/i;
const SAFE_URL = /^(?:https?:\/\/|mailto:|data:image\/(?:png|gif|jpe?g|webp|bmp);base64,)/i;
const UNSAFE_CSS = /@import|expression|javascript|behavio|binding|position\s*:\s*fixed|url\((?!\s*['"]?(?:https:|data:image))/i;

/** What makes the output unsafe, read the way a browser reads it (the HTML standard's parser, in jsdom). */
function problems(html: string): string[] {
  const found: string[] = [];
  document.body.innerHTML = html;
  for (const element of document.body.querySelectorAll("*")) {
    const name = element.localName;
    if (FORBIDDEN.test(name)) found.push(`element ${name}`);
    if (element.namespaceURI !== "http://www.w3.org/1999/xhtml") found.push(`${element.namespaceURI} element ${name}`);
    for (const { name: attribute, value } of element.attributes) {
      if (/^on/i.test(attribute)) found.push(`handler ${attribute} on ${name}`);
      if (/^(?:srcdoc|srcset|formaction|action|background|poster|xlink:href|http-equiv|data|id|name)$/i.test(attribute))
        found.push(`attribute ${attribute} on ${name}`);
      if ((attribute === "href" || attribute === "src") && !SAFE_URL.test(value)) found.push(`${attribute}=${value} on ${name}`);
      if (attribute === "style" && UNSAFE_CSS.test(value)) found.push(`style ${value} on ${name}`);
    }
    if (name === "style" && (element.textContent!.includes("<") || UNSAFE_CSS.test(element.textContent!)))
      found.push(`sheet ${element.textContent}`);
  }
  return found;
}

describe("sanitizeEmailHtml on seeded hostile HTML", () => {
  const documents = [
    ...XSS_VECTORS.map((vector) => ({ label: `vector ${vector}`, html: `<p>before</p>${vector}<p>after</p>`, dropForwardHeader: false })),
    ...Array.from({ length: SEEDS }, (_, index) => ({
      label: `seed ${index + 1}`,
      html: hostileHtml(index + 1),
      dropForwardHeader: index % 2 === 1,
    })),
  ];

  it(`leaves nothing a browser would run, load or navigate to in ${documents.length} documents`, () => {
    const failures: string[] = [];
    for (const { label, html, dropForwardHeader } of documents) {
      const found = problems(sanitizeEmailHtml(html, { dropForwardHeader }));
      if (found.length > 0) failures.push(`${label}: ${found.join("; ")}`);
    }
    expect(failures).toEqual([]);
  });

  it("derives from each what a second parse of its output would", () => {
    const failures: string[] = [];
    for (const { label, html, dropForwardHeader } of documents) {
      const derivation = startDerivation("Subject");
      const clean = sanitizeEmailHtml(html, { dropForwardHeader, sink: derivation });
      if (JSON.stringify(derivation.finish()) !== JSON.stringify(deriveFromHtml(clean, "Subject"))) failures.push(label);
    }
    expect(failures).toEqual([]);
  });
});
