import { Readability } from "@mozilla/readability";
import DOMPurify, { type Config } from "dompurify";

/** What reader view shows: the main text, as HTML safe to place in the page itself. */
export type ReaderArticle = { html: string; fromReadability: boolean };

// Reader view is the app's typography: structure and links stay; every style, class, frame, form and
// script goes, whatever Readability kept from the (already sanitised) body.
const PURIFY = {
  ALLOWED_TAGS: [
    ...["p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "ul", "ol", "li", "dl", "dt", "dd"],
    ...["a", "em", "strong", "b", "i", "u", "s", "sub", "sup", "small", "mark", "q", "cite", "abbr", "figure", "figcaption", "img"],
    ...["table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "div", "span", "section", "article"],
  ],
  // An image's declared size keeps it as wide as its sender made it, up to the column's width.
  ALLOWED_ATTR: ["href", "src", "alt", "title", "colspan", "rowspan", "width", "height"],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
} satisfies Config;

/** Images only from this origin (the image proxy) or inline: the page's policy would block any other anyway. */
function ownImage(image: HTMLImageElement, origin: string): boolean {
  const source = image.getAttribute("src") ?? "";
  return source.startsWith("data:image/") || new URL(source, origin).origin === origin;
}

const own = (table: Element) => (element: Element) => element.closest("table") === table;

/**
 * A table without headers or a caption is a mail's layout, not data: reader view flows its cells as blocks
 * down the column. Left a table, its cells shrink to their content, and a picture's width of 100% with them.
 */
function flattenLayoutTables(root: DocumentFragment): void {
  // Innermost first: a layout table inside another's cell is flat before its outer one is.
  for (const table of [...root.querySelectorAll("table")].reverse()) {
    if ([...table.querySelectorAll("th, caption")].some(own(table))) continue;
    const flat = document.createElement("div");
    for (const cell of [...table.querySelectorAll("td")].filter(own(table))) {
      const block = document.createElement("div");
      block.append(...cell.childNodes);
      flat.append(block);
    }
    table.replaceWith(flat);
  }
}

type DeclaredSizes = Map<string, { width: string | null; height: string | null }>;

/** Each picture's declared width and height in the body, by address: Readability drops them from what it keeps. */
function declaredSizes(body: HTMLElement): DeclaredSizes {
  const sizes: DeclaredSizes = new Map();
  for (const image of body.querySelectorAll("img[src]"))
    sizes.set(image.getAttribute("src")!, { width: image.getAttribute("width"), height: image.getAttribute("height") });
  return sizes;
}

function restoreSizes(root: DocumentFragment, sizes: DeclaredSizes): void {
  for (const image of root.querySelectorAll("img[src]")) {
    const size = sizes.get(image.getAttribute("src")!);
    if (size?.width && !image.hasAttribute("width")) image.setAttribute("width", size.width);
    if (size?.height && !image.hasAttribute("height")) image.setAttribute("height", size.height);
  }
}

/** Sanitises again and settles links and images: links open in a new tab without opener, like the frame's. */
function purify(html: string, origin: string, sizes: DeclaredSizes): string {
  const fragment = DOMPurify.sanitize(html, { ...PURIFY, RETURN_DOM_FRAGMENT: true });
  for (const image of fragment.querySelectorAll("img")) if (!ownImage(image, origin)) image.remove();
  flattenLayoutTables(fragment);
  restoreSizes(fragment, sizes);
  for (const link of fragment.querySelectorAll("a[href]")) {
    link.setAttribute("target", "_blank");
    link.setAttribute("rel", "noopener noreferrer");
  }
  const holder = document.createElement("div");
  holder.append(fragment);
  return holder.innerHTML;
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A plain-text body as paragraphs: blank lines part them, single line breaks stay. */
function plainParagraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeText(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/**
 * The main text through Mozilla's Readability (navigation, footers and "view in browser" lines
 * left out). A body Readability finds no article in (a short note, one big table) is shown whole,
 * cleaned the same way; a plain-text issue as its paragraphs.
 */
export function extractArticle(bodyHtml: string | null, bodyPlain: string | null, origin = window.location.origin): ReaderArticle {
  if (!bodyHtml) return { html: plainParagraphs(bodyPlain ?? ""), fromReadability: false };
  const parsed = new DOMParser().parseFromString(
    `<!doctype html><html><head><base href="${origin}/"></head><body>${bodyHtml}</body></html>`,
    "text/html",
  );
  const sizes = declaredSizes(parsed.body);
  const article = new Readability(parsed.cloneNode(true) as Document, { charThreshold: 200 }).parse();
  if (article?.content && (article.textContent ?? "").trim().length > 0)
    return { html: purify(article.content, origin, sizes), fromReadability: true };
  return { html: purify(parsed.body.innerHTML, origin, sizes), fromReadability: false };
}
