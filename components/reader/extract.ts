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
  ALLOWED_ATTR: ["href", "src", "alt", "title", "colspan", "rowspan"],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
} satisfies Config;

/** Images only from this origin (the image proxy) or inline: the page's policy would block any other anyway. */
function ownImage(image: HTMLImageElement, origin: string): boolean {
  const source = image.getAttribute("src") ?? "";
  return source.startsWith("data:image/") || new URL(source, origin).origin === origin;
}

/** Sanitises again and settles links and images: links open in a new tab without opener, like the frame's. */
function purify(html: string, origin: string): string {
  const fragment = DOMPurify.sanitize(html, { ...PURIFY, RETURN_DOM_FRAGMENT: true });
  for (const image of fragment.querySelectorAll("img")) if (!ownImage(image, origin)) image.remove();
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
  const article = new Readability(parsed.cloneNode(true) as Document, { charThreshold: 200 }).parse();
  if (article?.content && (article.textContent ?? "").trim().length > 0)
    return { html: purify(article.content, origin), fromReadability: true };
  return { html: purify(parsed.body.innerHTML, origin), fromReadability: false };
}
