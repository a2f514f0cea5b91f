import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { XSS_VECTORS as VECTORS } from "@/tests/fixtures/mail/xss-vectors";
import { deriveFromHtml, startDerivation } from "./summarize";
import { parseMessage } from "./parse";
import { cleanCss, sanitizeEmailHtml, type SanitizeOptions } from "./sanitize";

const FORBIDDEN_TAGS = new Set([
  "script",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "form",
  "input",
  "button",
  "svg",
  "math",
  "meta",
  "base",
  "link",
  "template",
  "noscript",
  "video",
  "source",
  "applet",
  "isindex",
  "animate",
  "feimage",
  "textarea",
  "xmp",
]);
const URL_ATTRIBUTES = new Set(["href", "src"]);

/** Every element and attribute the browser would build from the sanitized output. */
function inspect(html: string): string[] {
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (FORBIDDEN_TAGS.has(name)) problems.push(`tag ${name}`);
        for (const [attribute, value] of Object.entries(attribs)) {
          if (/^on/i.test(attribute)) problems.push(`handler ${attribute}`);
          if (["srcdoc", "formaction", "action", "background", "poster", "xlink:href", "id", "name"].includes(attribute))
            problems.push(`attribute ${attribute}`);
          if (URL_ATTRIBUTES.has(attribute) && !/^(?:https?:\/\/|mailto:|data:image\/(?:png|gif|jpe?g|webp|bmp);base64,)/i.test(value))
            problems.push(`url ${attribute}=${value}`);
          if (attribute === "style" && /expression|javascript|behavior|binding|url\((?!\s*['"]?https:)|position\s*:\s*fixed/i.test(value))
            problems.push(`style ${value}`);
        }
      },
      ontext(text) {
        if (/@import|javascript:|expression\(/i.test(text)) problems.push(`text ${text}`);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return problems;
}

describe("sanitizeEmailHtml against hostile HTML", () => {
  it("has at least 40 vectors", () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(VECTORS)("neutralizes %s", (vector) => {
    const html = sanitizeEmailHtml(`<p>before</p>${vector}<p>after</p>`);
    expect(inspect(html)).toEqual([]);
    expect(html).not.toMatch(
      /<script|javascript:|vbscript:|data:text\/html|onerror=|onload=|<iframe|<svg|<math|<form|<base|<meta|<link|<object|<embed/i,
    );
    expect(html).toContain("after");
  });

  it("keeps ordinary newsletter markup, https images and links opening in a new tab", () => {
    const html = sanitizeEmailHtml(
      '<table width="600" cellpadding="0"><tr><td style="padding:8px;color:#333"><a href="https://example.com/post">Read</a><img src="https://cdn.example.com/cover.jpg" width="600" alt="Cover"></td></tr></table>',
    );
    expect(html).toBe(
      '<table width="600" cellpadding="0"><tr><td style="padding:8px;color:#333"><a href="https://example.com/post" target="_blank" rel="noopener noreferrer">Read</a><img src="https://cdn.example.com/cover.jpg" width="600" alt="Cover" /></td></tr></table>',
    );
  });

  it("removes 1x1 pixels, hidden images and known tracker hosts, but keeps data: images", () => {
    const html = sanitizeEmailHtml(
      [
        '<img src="https://cdn.example.com/a.gif" width="1" height="1">',
        '<img src="https://cdn.example.com/b.gif" style="display:none">',
        '<img src="https://open.convertkit-mail4.com/abc">',
        '<img src="https://u1.ct.sendgrid.net/ss/o/abc/open.gif">',
        '<img src="https://email.mg2.substack.com/o/abc">',
        '<img src="https://x.us1.list-manage.com/track/open.php?u=1">',
        '<img src="data:image/png;base64,iVBORw0KGgo=">',
      ].join(""),
    );
    expect(html).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />');
  });

  it("cleans style sheets but keeps their harmless rules", () => {
    expect(cleanCss("@import url(x.css); .a{color:red;background:url(http://t.example/p.gif)} .b{position:fixed}")).toBe(
      " .a{color:red;background:none} .b{position:static}",
    );
  });
});

// Sheets the parser reads to the end of the mail, or that a scan of the text finds elsewhere than the parser does.
const UNCLOSED_STYLE_VECTORS = [
  '<style>p{color:red}<img src=x onerror="alert(1)">',
  "<style>@import url(https://evil.example/x.css); .a{width:expression(alert(1))}",
  "<STYLE media=all>.a{background:url(javascript:alert(1))}",
  '<table><tr><td><style>.b{behavior:url(x.htc)}</td></tr></table><img src=x onerror="alert(1)">',
  '<div title="</style>"><style>.c{-moz-binding:url(x.xml#x)}<img src=x onerror="alert(1)"></div>',
  '<style><!--</style><style>@import "https://evil.example/y.css";-->',
  '<style>/*</style><img src=x onerror="alert(1)">*/',
  // htmlparser2 reads what follows `<style/>` as markup; a browser reads it as the sheet, attribute values included.
  `<style/><p title="\n{}@import url('https://evil.example/x.css');">inside</p>`,
  '<style/><div title="\n{}*{width:expression(alert(1))}">x</div>',
];

describe("sanitizeEmailHtml on an unclosed or misread <style>", () => {
  it.each(UNCLOSED_STYLE_VECTORS)("keeps %s harmless in the HTML and its text", (vector) => {
    const derivation = startDerivation("Subject");
    const html = sanitizeEmailHtml(`<p>before</p>${vector}`, { sink: derivation });
    expect(inspect(html)).toEqual([]);
    expect(html).not.toMatch(/onerror|@import|expression|javascript:|behavior|binding|<img/i);
    expect(html).toContain("<p>before</p>");
    expect(derivation.finish().text).not.toMatch(/onerror|@import|expression|javascript:|behavior|binding/i);
  });

  it("still cleans and keeps a closed sheet", () => {
    expect(sanitizeEmailHtml("<style>.a{color:red;background:url(http://t.example/p.gif)}</style><p>x</p>")).toBe(
      "<style>.a{color:red;background:none}</style><p>x</p>",
    );
  });
});

describe("cleanCss on hostile style sheets", () => {
  it("keeps quoted https urls with parentheses and blocks everything else", () => {
    expect(cleanCss(`a{background:url("https://cdn.example.com/x(1).png")}`)).toBe(`a{background:url("https://cdn.example.com/x(1).png")}`);
    expect(cleanCss(`a{background:url('http://t.example/p.gif')} b{background:u\\rl(//t.example/q.gif)}`)).toBe(
      "a{background:none} b{background:none}",
    );
    expect(cleanCss("a{background:url(http://t.example/p.gif")).toBe("a{background:none(http://t.example/p.gif");
    expect(cleanCss("a{x:exp/**/ression(alert(1))}")).toBe("a{x:blockedalert(1))}");
  });

  it("stays linear on unclosed comments, urls and imports", () => {
    const started = performance.now();
    cleanCss("/* ".repeat(50_000) + "url( ".repeat(50_000) + "@import ".repeat(50_000));
    sanitizeEmailHtml("<style>".repeat(20_000) + "<p>x</p>");
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("sanitizeEmailHtml's sink", () => {
  /** What the sanitizer tells its sink, against what a parser reads back from its output. */
  function bothWays(html: string, options: SanitizeOptions = {}) {
    const derivation = startDerivation("Subject");
    const clean = sanitizeEmailHtml(html, { ...options, sink: derivation });
    expect(clean).toBe(sanitizeEmailHtml(html, options));
    return { told: derivation.finish(), parsed: deriveFromHtml(clean, "Subject") };
  }

  const fixtures = path.resolve(import.meta.dirname, "../../../tests/fixtures/mail");
  const messages = readdirSync(fixtures).filter((name) => name.endsWith(".eml"));

  it.each(messages)("derives from %s what a second parse of the output would", async (name) => {
    const parsed = await parseMessage(readFileSync(path.join(fixtures, name)));
    const html = parsed.html ?? `<p>${parsed.text ?? ""}</p>`;
    for (const dropForwardHeader of [false, true]) {
      const { told, parsed: reread } = bothWays(html, { dropForwardHeader });
      expect(told).toEqual(reread);
    }
  });

  it.each(VECTORS)("derives from hostile %s what a second parse of the output would", (vector) => {
    const { told, parsed } = bothWays(`<div style="display:none">A preview line</div><p>before</p>${vector}<p>after &amp; more</p>`);
    expect(told).toEqual(parsed);
  });

  it("leaves out a dropped forward header, entities and style sheets as a parser of the output would", () => {
    const html = [
      '<div class="gmail_quote"><div class="gmail_attr">From: Reader &lt;reader@example.com&gt;<br><a href="mailto:reader@example.com">reader</a></div>',
      "<style>p { color: red }</style><p>Tom &amp; Jerry&#8217;s <b>weekly</b> &lt;issue&gt;</p>",
      '<img src="https://cdn.example.com/hero.jpg" width="600"><unknown><p>inside an unknown tag</p></unknown></div>',
    ].join("");
    const { told, parsed } = bothWays(html, { dropForwardHeader: true });
    expect(told).toEqual(parsed);
    expect(told.text).toBe("Tom & Jerry’s weekly <issue>\ninside an unknown tag");
    expect(told.links).toEqual([]);
    expect(told.thumbnailUrl).toBe("https://cdn.example.com/hero.jpg");
  });

  it("derives nothing from what the parser found inside a <style/>, as a parser of the output would", () => {
    const html =
      '<p>before</p><style/><a href="https://evil.example/">a link</a><img src="https://cdn.example.com/hero.jpg" width="600"><p>after</p>';
    const { told, parsed } = bothWays(html);
    expect(told).toEqual(parsed);
    expect(told.links).toEqual([]);
    expect(told.thumbnailUrl).toBeNull();
    expect(sanitizeEmailHtml(html)).toBe("<p>before</p>");
  });

  it("derives from malformed tag soup what a second parse of the output would", () => {
    const pieces = [
      "<p>",
      "</p>",
      "<div>",
      "</div>",
      "<td>",
      "</td>",
      "<tr>",
      "<table>",
      "</table>",
      "<li>",
      "<ul>",
      "</li>",
      "<h1>",
      "<h2>",
      "</h2>",
      "<dt>",
      "<dd>",
      "<tbody>",
      "<thead>",
      "<tfoot>",
      "<th>",
      "<pre>",
      "<hr>",
      "<br>",
      "</br>",
      "<col>",
      "<wbr>",
      "<b>",
      "</b>",
      "<center>",
      "</center>",
      "<unknown>",
      "</unknown>",
      '<span style="display:none">',
      "</span>",
      '<div class="preheader">',
      '<div class="gmail_attr">',
      '<a href="https://x.example/a?b=1&amp;c=2">',
      "</a>",
      '<img src="https://x.example/hero.jpg" width="600">',
      "<img>",
      "<style>p{}</style>",
      "<script>x</script>",
      "<textarea>a<b>c</textarea>",
      "<noscript><p>n</p></noscript>",
      "<form>",
      "</form>",
      "<label>",
      "<svg><p/>s</svg>",
      "<math><mi>m</mi></math>",
      "<!-- c -->",
      "<body>",
      "<head>",
      "</head>",
      "text ",
      "Tom &amp; Jerry ",
      "&lt;x&gt; ",
      "&nbsp;&zwnj;",
      "\n",
    ];
    let seed = 99;
    const next = (bound: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % bound;
    for (let sample = 0; sample < 1500; sample++) {
      const html = Array.from({ length: 5 + next(50) }, () => pieces[next(pieces.length)]).join("");
      const { told, parsed } = bothWays(html, { dropForwardHeader: sample % 2 === 0 });
      expect(told, html).toEqual(parsed);
    }
  });

  it("finds style sheets after text that lower-cases longer (İ), without shifting them", () => {
    expect(sanitizeEmailHtml("<p>İstanbul</p><style>p{color:red}</style><p>after</p>")).toBe(
      "<p>İstanbul</p><style>p{color:red}</style><p>after</p>",
    );
  });
});
