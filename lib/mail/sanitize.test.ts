import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { cleanCss, sanitizeEmailHtml } from "./sanitize";

const HANDLERS = ["onerror", "onload", "onclick", "onmouseover", "onfocus", "onblur", "onanimationstart", "onbegin", "onrepeat", "onpointerenter", "ontoggle", "onwheel"];

const VECTORS: string[] = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  ...HANDLERS.map((handler) => `<div ${handler}="alert(1)">x</div>`),
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onerror="alert(1)">',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\u2028script:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="javascript:alert(1)">',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<input type="image" src="https://evil.example/x.png" onfocus=alert(1) autofocus>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)><circle r=1></circle></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>',
  '<svg><feImage href="https://tracker.example/p.png"/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<video poster="javascript:alert(1)"><source src="x"></video>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1))">x</div>',
  '<div style="width: exp/**/ression(alert(1))">x</div>',
  '<div style="behavior: url(x.htc)">x</div>',
  '<div style="-moz-binding: url(https://evil.example/x.xml#x)">x</div>',
  '<style>@import url(https://evil.example/x.css);</style>',
  '<style>@im\\port "https://evil.example/x.css";</style>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<a href="#" id="cookie" name="createElement">clobber</a>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<title></title><img src=x onerror=alert(1)>',
  '<isindex action="javascript:alert(1)" type=image>',
  '<applet code="x"></applet>',
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</div>',
];

const FORBIDDEN_TAGS = new Set(["script", "iframe", "frame", "frameset", "object", "embed", "form", "input", "button", "svg", "math", "meta", "base", "link", "template", "noscript", "video", "source", "applet", "isindex", "animate", "feimage", "textarea", "xmp"]);
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
          if (["srcdoc", "formaction", "action", "background", "poster", "xlink:href", "id", "name"].includes(attribute)) problems.push(`attribute ${attribute}`);
          if (URL_ATTRIBUTES.has(attribute) && !/^(?:https?:\/\/|mailto:|data:image\/(?:png|gif|jpe?g|webp|bmp);base64,)/i.test(value)) problems.push(`url ${attribute}=${value}`);
          if (attribute === "style" && /expression|javascript|behavior|binding|url\((?!\s*['"]?https:)|position\s*:\s*fixed/i.test(value)) problems.push(`style ${value}`);
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
    expect(html).not.toMatch(/<script|javascript:|vbscript:|data:text\/html|onerror=|onload=|<iframe|<svg|<math|<form|<base|<meta|<link|<object|<embed/i);
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

describe("cleanCss on hostile style sheets", () => {
  it("keeps quoted https urls with parentheses and blocks everything else", () => {
    expect(cleanCss(`a{background:url("https://cdn.example.com/x(1).png")}`)).toBe(`a{background:url("https://cdn.example.com/x(1).png")}`);
    expect(cleanCss(`a{background:url('http://t.example/p.gif')} b{background:u\\rl(//t.example/q.gif)}`)).toBe("a{background:none} b{background:none}");
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
