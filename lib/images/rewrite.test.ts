import { describe, expect, it } from "vitest";
import { rewriteCssUrls, rewriteImages, rewriteSrcset } from "./rewrite";
import { proxiedImagePath, proxiedPath, verifiedImageUrl, verifiedUrl } from "./sign";

const proxy = (url: string) => proxiedImagePath(url);

describe("rewriteImages", () => {
  it("points src, srcset, background and poster at the proxy, keeping every other byte", () => {
    const html = `<p class="x">Hi &amp; welcome</p><img src="https://cdn.example/a.png?u=1&amp;v=2" alt="A"><img srcset="https://cdn.example/1.png 1x, https://cdn.example/2,b.png 2x"><table background="http://cdn.example/bg.gif"><tr><td>x</td></tr></table>`;
    expect(rewriteImages(html)).toBe(
      `<p class="x">Hi &amp; welcome</p><img src="${proxy("https://cdn.example/a.png?u=1&v=2")}" alt="A"><img srcset="${proxy("https://cdn.example/1.png")} 1x, ${proxy("https://cdn.example/2,b.png")} 2x"><table background="${proxy("http://cdn.example/bg.gif")}"><tr><td>x</td></tr></table>`,
    );
  });

  it("rewrites url(...) in style attributes and <style> sheets, image-set strings included, and leaves data: images alone", () => {
    const html = `<div style="background:url(&quot;https://cdn.example/hero.jpg&quot;) no-repeat;color:red"><img src="data:image/png;base64,iVBORw0KGgo="></div><style>.a{background:url(https://cdn.example/s.png)}.b{background-image:image-set("https://cdn.example/x1.png" 1x,url('https://cdn.example/x2.png') 2x)}.c{background:url(data:image/gif;base64,R0lGOD==)}</style>`;
    const out = rewriteImages(html);
    expect(out).toBe(
      `<div style="background:url(&quot;${proxy("https://cdn.example/hero.jpg")}&quot;) no-repeat;color:red"><img src="data:image/png;base64,iVBORw0KGgo="></div><style>.a{background:url("${proxy("https://cdn.example/s.png")}")}.b{background-image:image-set("${proxy("https://cdn.example/x1.png")}" 1x,url("${proxy("https://cdn.example/x2.png")}") 2x)}.c{background:url(data:image/gif;base64,R0lGOD==)}</style>`,
    );
    expect(out).not.toMatch(/cdn\.example/);
  });

  it("writes absolute proxy addresses when given an origin, for HTML that leaves the site", () => {
    expect(rewriteImages(`<img src="https://cdn.example/a.png">`, { origin: "https://paperboy.example" })).toBe(
      `<img src="https://paperboy.example${proxy("https://cdn.example/a.png")}">`,
    );
  });

  it("leaves HTML without remote images untouched, and links are not images", () => {
    const html = `<a href="https://sender.example/read" target="_blank">Read</a><p>https://sender.example in text</p>`;
    expect(rewriteImages(html)).toBe(html);
  });
});

describe("rewriteSrcset and rewriteCssUrls", () => {
  it("keep descriptors and commas inside URLs", () => {
    expect(rewriteSrcset("https://a.example/x.png 480w,https://a.example/y.png 800w")).toBe(
      `${proxy("https://a.example/x.png")} 480w, ${proxy("https://a.example/y.png")} 800w`,
    );
  });

  it("do not read url( inside a comment or another word", () => {
    expect(rewriteCssUrls("/* url(https://a.example/c.png) */ a{b:myurl(https://a.example/d.png)}")).toBe(
      "/* url(https://a.example/c.png) */ a{b:myurl(https://a.example/d.png)}",
    );
  });

  it("send an @font-face rule's sources to the proxy's fonts, and only those", () => {
    const css = `@font-face{font-family:"Brand";src:url(https://fonts.example/b.woff2) format("woff2"),url('https://fonts.example/b.woff')}.a{background:url(https://cdn.example/a.png)}@media (min-width:600px){.b{background:url(https://cdn.example/b.png)}@font-face{src:url(https://fonts.example/c.ttf)}}`;
    expect(rewriteCssUrls(css)).toBe(
      `@font-face{font-family:"Brand";src:url("${proxiedPath("https://fonts.example/b.woff2", "font")}") format("woff2"),url("${proxiedPath("https://fonts.example/b.woff", "font")}")}.a{background:url("${proxy("https://cdn.example/a.png")}")}@media (min-width:600px){.b{background:url("${proxy("https://cdn.example/b.png")}")}@font-face{src:url("${proxiedPath("https://fonts.example/c.ttf", "font")}")}}`,
    );
    expect(proxiedPath("https://fonts.example/b.woff2", "font")).toMatch(/^\/img\/font\/[\w-]{43}\/[\w-]+$/);
  });
});

describe("signed proxy addresses", () => {
  it("verify their own signature and refuse a changed URL or signature", () => {
    const [, , signature, encoded] = proxy("https://cdn.example/a.png").split("/");
    expect(verifiedImageUrl(signature!, encoded!)).toBe("https://cdn.example/a.png");
    const other = Buffer.from("https://cdn.example/b.png").toString("base64url");
    expect(verifiedImageUrl(signature!, other)).toBeNull();
    expect(verifiedImageUrl(`${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`, encoded!)).toBeNull();
    expect(verifiedImageUrl("short", encoded!)).toBeNull();
  });

  it("are signed for one kind: an image's address does not fetch a font, nor a font's an image", () => {
    const [, , signature, encoded] = proxy("https://cdn.example/a.woff2").split("/");
    expect(verifiedUrl(signature!, encoded!, "font")).toBeNull();
    const [, , , fontSignature, fontEncoded] = proxiedPath("https://cdn.example/a.woff2", "font").split("/");
    expect(verifiedUrl(fontSignature!, fontEncoded!, "font")).toBe("https://cdn.example/a.woff2");
    expect(verifiedImageUrl(fontSignature!, fontEncoded!)).toBeNull();
  });
});
