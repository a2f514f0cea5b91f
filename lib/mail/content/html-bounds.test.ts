import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { rewriteImages } from "@/lib/images/rewrite";
import { HtmlPastBoundsError, MAX_HTML_DEPTH, MAX_HTML_ELEMENTS } from "./html-bounds";
import { htmlToText, htmlToTextByTokens } from "./html-text";
import { parseAndBuild, sharedContent } from "./mail-content";
import { sanitizeEmailHtml } from "./sanitize";

const nested = (depth: number, inside = "Deep inside") => `${"<div>".repeat(depth)}${inside}${"</div>".repeat(depth)}`;
const message = (html: string, plain?: string) => {
  const head = "From: Deep <deep@hostile.example>\r\nTo: reader@paperboy.localhost\r\nSubject: Nested\r\n";
  const body = plain
    ? `Content-Type: multipart/alternative; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${plain}\r\n--b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n--b--\r\n`
    : `Content-Type: text/html; charset=utf-8\r\n\r\n${html}`;
  return Buffer.from(head + body);
};
const reader = { addresses: ["reader@paperboy.localhost"], names: ["Reader Person"], unsubscribeUrls: [] };

/** How deep a parser of `html` nests its elements. */
function depthOf(html: string): number {
  let depth = 0;
  let deepest = 0;
  new Parser({
    onopentag() {
      deepest = Math.max(deepest, ++depth);
    },
    onclosetag() {
      depth--;
    },
  }).end(html);
  return deepest;
}

describe("the parsing bounds", () => {
  it("sanitizes HTML nested to the bound and stops past it", () => {
    expect(sanitizeEmailHtml(nested(MAX_HTML_DEPTH))).toBe(nested(MAX_HTML_DEPTH));
    expect(() => sanitizeEmailHtml(nested(MAX_HTML_DEPTH + 1))).toThrow(new HtmlPastBoundsError("depth"));
    // Unclosed elements count as the parser nests them; ones it closes itself do not.
    expect(() => sanitizeEmailHtml("<span>x".repeat(MAX_HTML_DEPTH + 1))).toThrow(HtmlPastBoundsError);
    expect(sanitizeEmailHtml("<p>x".repeat(MAX_HTML_DEPTH * 2))).toContain("<p>x</p><p>x</p>");
  });

  it("stops past MAX_HTML_ELEMENTS elements, however shallow", () => {
    expect(() => sanitizeEmailHtml("<b>x</b>".repeat(MAX_HTML_ELEMENTS + 1))).toThrow(new HtmlPastBoundsError("elements"));
  });

  it("reads the text of HTML past the bounds token by token, as htmlToText would", () => {
    const shallow =
      "<h1>Title</h1><p>One &amp; two</p><style>p{}</style><script>evil()</script><table><tr><td>a</td><td>b</td></tr></table>";
    expect(htmlToTextByTokens(shallow)).toBe(htmlToText(shallow));
    expect(htmlToTextByTokens(shallow)).toBe("Title\nOne & two\na b");
    expect(htmlToText(nested(100_000, "<p>Deep &lt;inside&gt;</p>"))).toBe("Deep <inside>");
  });

  it("files 200,000 nested <div> as its text, shallow and complete", async () => {
    const { content } = await parseAndBuild(message(nested(200_000)));
    expect(content.text).toBe("Deep inside");
    expect(content.summary).toBe("Deep inside");
    expect(content.html).toBe("<p>Deep inside</p>");
  });

  it("files mail past the bounds as its plain part when it has one, and keeps ordinary mail's HTML", async () => {
    const { content } = await parseAndBuild(message(nested(5_000), "The plain part\n\nSecond paragraph"));
    expect(content.html).toBe("<p>The plain part</p>\n<p>Second paragraph</p>");
    expect(depthOf(content.html)).toBe(1);
    const ordinary = await parseAndBuild(message(nested(40), "The plain part"));
    expect(ordinary.content.html).toBe(nested(40));
  });

  it("keeps an unclosed <style> in hostile mail out of the body, the shared form and the feeds", async () => {
    const hostile =
      '<p>Hello</p><style>@import url(https://evil.example/x.css); p{width:expression(alert(1))}<img src=x onerror="alert(1)">';
    for (const html of [hostile, nested(MAX_HTML_DEPTH + 1, hostile)]) {
      const { content } = await parseAndBuild(message(html));
      const shared = sharedContent(content, reader);
      const feed = rewriteImages(content.html, { origin: "https://paperboy.example" });
      for (const output of [content.html, content.text, content.summary, shared.html, shared.text, feed])
        expect(output).not.toMatch(/onerror|@import|expression|<img|evil\.example/i);
      expect(content.text).toContain("Hello");
    }
  });
});
