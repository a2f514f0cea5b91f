import "server-only";
import { Parser } from "htmlparser2";
import { proxiedPath, type ProxiedKind } from "./sign";

export type RewriteOptions = {
  /** Put before each proxy path: "" in the app's own pages, APP_URL's origin where HTML leaves the site (feeds). */
  origin?: string;
};

const REMOTE = /^https?:\/\//i;
// Attributes that load an image on their own; `style` is handled apart, as CSS.
const IMAGE_ATTRIBUTES = new Set(["src", "srcset", "background", "poster"]);
// Cheap test first: most bodies are rewritten only when they could hold something to rewrite.
const MAY_LOAD = /https?:/i;

type Splice = { start: number; end: number; text: string };

function proxied(url: string, origin: string, kind: ProxiedKind = "image"): string {
  const trimmed = url.trim();
  return REMOTE.test(trimmed) ? `${origin}${proxiedPath(trimmed, kind)}` : url;
}

/**
 * A srcset's candidates are a URL (no spaces) and optional descriptors up to the next comma; a URL
 * may itself hold commas, so it is read up to white space, as the HTML standard's parser does.
 */
export function rewriteSrcset(srcset: string, origin = ""): string {
  const candidates: string[] = [];
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && /[\s,]/.test(srcset[at]!)) at++;
    if (at >= srcset.length) break;
    let end = at;
    while (end < srcset.length && !/\s/.test(srcset[end]!)) end++;
    let url = srcset.slice(at, end);
    let descriptors = "";
    if (url.endsWith(",")) {
      url = url.replace(/,+$/, "");
    } else {
      let close = end;
      let depth = 0;
      while (close < srcset.length && (srcset[close] !== "," || depth > 0)) {
        if (srcset[close] === "(") depth++;
        else if (srcset[close] === ")") depth = Math.max(0, depth - 1);
        close++;
      }
      descriptors = srcset.slice(end, close).trim();
      end = close;
    }
    candidates.push(descriptors ? `${proxied(url, origin)} ${descriptors}` : proxied(url, origin));
    at = end;
  }
  return candidates.join(", ");
}

const CSS_QUOTE = /["']/;

/** Where the string token starting at `at` (a quote) ends, just past its closing quote. */
function stringEnd(css: string, at: number): number {
  const quote = css[at];
  let end = at + 1;
  while (end < css.length && css[end] !== quote && css[end] !== "\n") end += css[end] === "\\" ? 2 : 1;
  return Math.min(end + 1, css.length);
}

/**
 * Rewrites the addresses CSS loads: every `url(...)`, and the bare strings of `image-set(...)`; those
 * of an `@font-face` rule go to the proxy's fonts. A small tokenizer rather than one pattern, so a
 * string or comment cannot hide a url( from it.
 */
export function rewriteCssUrls(css: string, origin = ""): string {
  if (!MAY_LOAD.test(css)) return css;
  let out = "";
  let done = 0;
  let imageSetDepth = 0;
  let depth = 0;
  const imageSetAt: number[] = [];
  let braces = 0;
  let fontFaceNext = false;
  let fontFaceAt = -1;
  for (let at = 0; at < css.length;) {
    const char = css[at]!;
    if (char === "/" && css[at + 1] === "*") {
      const close = css.indexOf("*/", at + 2);
      at = close === -1 ? css.length : close + 2;
    } else if (CSS_QUOTE.test(char)) {
      const end = stringEnd(css, at);
      if (imageSetDepth > 0) {
        const value = css.slice(at + 1, end - 1);
        const rewritten = proxied(value, origin);
        if (rewritten !== value) {
          out += `${css.slice(done, at)}"${rewritten}"`;
          done = end;
        }
      }
      at = end;
    } else if (/[a-z-]/i.test(char) && (at === 0 || !/[\w-]/.test(css[at - 1]!))) {
      const name = /^[\w-]+/.exec(css.slice(at, at + 32))![0];
      const lower = name.toLowerCase();
      const afterName = at + name.length;
      if (lower === "url" && css[afterName] === "(") {
        const close = urlEnd(css, afterName + 1);
        const inner = css.slice(afterName + 1, close).trim();
        const value = CSS_QUOTE.test(inner[0] ?? "") ? inner.slice(1, -1) : inner;
        const rewritten = proxied(value, origin, fontFaceAt === -1 ? "image" : "font");
        if (rewritten !== value) {
          out += `${css.slice(done, at)}url("${rewritten}")`;
          done = Math.min(close + 1, css.length);
        }
        at = Math.min(close + 1, css.length);
      } else {
        if (lower === "font-face" && css[at - 1] === "@") fontFaceNext = true;
        if (css[afterName] === "(" && /(?:^|-)image-set$/.test(lower)) {
          imageSetAt.push(depth);
          imageSetDepth++;
        }
        at = afterName;
      }
    } else {
      if (char === "{") {
        braces++;
        if (fontFaceNext) [fontFaceAt, fontFaceNext] = [braces, false];
      } else if (char === "}") {
        if (braces === fontFaceAt) fontFaceAt = -1;
        braces = Math.max(0, braces - 1);
      } else if (char === ";") fontFaceNext = false;
      if (char === "(") depth++;
      else if (char === ")") {
        depth = Math.max(0, depth - 1);
        if (imageSetAt.length > 0 && imageSetAt[imageSetAt.length - 1] === depth) {
          imageSetAt.pop();
          imageSetDepth--;
        }
      }
      at++;
    }
  }
  return done === 0 ? css : out + css.slice(done);
}

/** The index of the `)` closing a url( whose contents start at `from` (or the end of the text). */
function urlEnd(css: string, from: number): number {
  let at = from;
  while (at < css.length && /\s/.test(css[at]!)) at++;
  if (CSS_QUOTE.test(css[at] ?? "")) at = stringEnd(css, at);
  const close = css.indexOf(")", at);
  return close === -1 ? css.length : close;
}

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/**
 * Points every remote image of stored (sanitized) HTML at the image proxy: `src`, `srcset`,
 * `background`, `url(...)` in `style` attributes and <style> sheets. Only those spans change, so the
 * rest of the HTML stays byte for byte what the sanitizer wrote. Done when HTML is served, so images
 * of mail stored before keep working and the key can change.
 */
export function rewriteImages(html: string, options: RewriteOptions = {}): string {
  if (!MAY_LOAD.test(html)) return html;
  const origin = options.origin ?? "";
  const splices: Splice[] = [];
  let inStyle = false;
  let sheet: { start: number; end: number } | null = null;
  const parser = new Parser(
    {
      onopentagname(name) {
        inStyle = name === "style";
        sheet = null;
      },
      onattribute(name, value) {
        const isImage = IMAGE_ATTRIBUTES.has(name);
        if ((!isImage && name !== "style") || !MAY_LOAD.test(value)) return;
        const rewritten =
          name === "srcset" ? rewriteSrcset(value, origin) : name === "style" ? rewriteCssUrls(value, origin) : proxied(value, origin);
        if (rewritten === value) return;
        // The parser's span runs from the name to just past the value (its closing quote included).
        splices.push({ start: parser.startIndex, end: parser.endIndex, text: `${name}="${escapeAttribute(rewritten)}"` });
      },
      ontext() {
        if (!inStyle) return;
        sheet = sheet ? { start: sheet.start, end: parser.endIndex + 1 } : { start: parser.startIndex, end: parser.endIndex + 1 };
      },
      onclosetag(name) {
        if (name === "style" && sheet) {
          const css = html.slice(sheet.start, sheet.end);
          const rewritten = rewriteCssUrls(css, origin);
          if (rewritten !== css) splices.push({ start: sheet.start, end: sheet.end, text: rewritten });
        }
        inStyle = false;
        sheet = null;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  if (splices.length === 0) return html;
  let out = "";
  let done = 0;
  for (const splice of splices) {
    out += html.slice(done, splice.start) + splice.text;
    done = splice.end;
  }
  return out + html.slice(done);
}

/** A stored body as the app's own pages serve it: remote images through the proxy. */
export function servedHtml(html: string | null): string | null {
  return html === null ? null : rewriteImages(html);
}
