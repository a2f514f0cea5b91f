import { readFileSync } from "node:fs";
import { colord } from "colord";
import { describe, expect, it } from "vitest";
import { adaptCssColours, adaptHtmlColours, bodyInColours } from "./adapt-colours";
import { declaresDarkStyles, issueColours } from "./issue-colours";

const lightness = (colour: string) => colord(colour).toHsl().l;

describe("declaresDarkStyles", () => {
  it("sees a dark media query or a colour scheme naming dark in a style sheet", () => {
    expect(declaresDarkStyles("<style>@media (prefers-color-scheme: dark) { .a { color: #fff } }</style><p>x</p>")).toBe(true);
    expect(declaresDarkStyles("<style>:root { color-scheme: light dark; }</style>")).toBe(true);
    expect(declaresDarkStyles("<style>:root{supported-color-schemes:dark}</style>")).toBe(true);
  });

  it("does not take a light-only scheme, or the words in the text, for dark styles", () => {
    expect(declaresDarkStyles("<style>:root { color-scheme: light; supported-color-schemes: light; }</style>")).toBe(false);
    expect(declaresDarkStyles("<p>Use prefers-color-scheme: dark in your CSS</p>")).toBe(false);
  });
});

describe("issueColours", () => {
  const light = '<p style="color:#333">x</p>';
  const ownDark = "<style>@media (prefers-color-scheme:dark){p{color:#eee}}</style><p>x</p>";

  it("adapts only in the dark theme, keeps a sender's dark styles, and gives way to the original colours", () => {
    expect(issueColours(light, "dark", false)).toBe("adapted");
    expect(issueColours(ownDark, "dark", false)).toBe("own-dark");
    expect(issueColours(light, "dark", true)).toBe("original");
    expect(issueColours(light, "light", false)).toBe("original");
    expect(issueColours(light, null, false)).toBe("original");
  });
});

describe("adaptCssColours", () => {
  it("turns light backgrounds and borders dark and dark text light, keeping the hue", () => {
    const adapted = adaptCssColours(
      "background-color: #ffffff; color: #333333; border: 1px solid #e0e0e0; border-left-color: rgb(240, 240, 240)",
    );
    const [background, text, border, left] = [...adapted.matchAll(/#[0-9a-f]{6}/g)].map((match) => match[0]);
    expect(lightness(background!)).toBeLessThan(15);
    expect(lightness(text!)).toBeGreaterThan(75);
    expect(lightness(border!)).toBeLessThan(35);
    expect(lightness(left!)).toBeLessThan(35);
    expect(adapted).toContain("1px solid");
    const blue = adaptCssColours("color: #1a0dab").match(/#[0-9a-f]{6}/)![0];
    expect(Math.round(colord(blue).toHsl().h)).toBe(Math.round(colord("#1a0dab").toHsl().h));
    expect(lightness(blue)).toBeGreaterThan(60);
    // Pure blue is half light in HSL, yet dark to the eye: link text in it is lightened too.
    expect(lightness(adaptCssColours("color: blue").match(/#[0-9a-f]{6}/)![0])).toBeGreaterThan(75);
  });

  it("leaves what is already on the dark side of its role, transparent, and what is no colour", () => {
    expect(adaptCssColours("background: #1d4ed8; color: #ffffff")).toBe("background: #1d4ed8; color: #ffffff");
    expect(adaptCssColours("background: transparent; color: inherit")).toBe("background: transparent; color: inherit");
    expect(adaptCssColours("font-family: 'Red Hat', Arial; padding: 4px; width: 100%")).toBe(
      "font-family: 'Red Hat', Arial; padding: 4px; width: 100%",
    );
  });

  it("never touches an image's address, even with a colour's name in it", () => {
    const css = 'background: white url("/img/abc-red-white/def") no-repeat center';
    const adapted = adaptCssColours(css);
    expect(adapted).toContain('url("/img/abc-red-white/def") no-repeat center');
    expect(adapted).not.toMatch(/^background: white/);
  });

  it("adapts named colours and keeps !important", () => {
    expect(adaptCssColours("color: black !important")).toMatch(/^color: #[0-9a-f]{6} !important$/);
  });
});

describe("adaptHtmlColours", () => {
  it("adapts style sheets, style attributes, bgcolor and font colours, and nothing else", () => {
    const html =
      '<style>.card > p { color: #222 }</style><table bgcolor="#ffffff"><tr><td style="background:#f4f4f4"><font color="black">Hi &gt; there</font><img src="/img/a/b" alt="white"></td></tr></table>';
    const adapted = adaptHtmlColours(html);
    expect(adapted).toContain(".card > p { color: #");
    expect(adapted).not.toContain("#222");
    expect(adapted).not.toContain('bgcolor="#ffffff"');
    expect(adapted).not.toContain('color="black"');
    expect(adapted).toContain('<img src="/img/a/b" alt="white">');
    expect(adapted).toContain("Hi &gt; there");
  });
});

describe("bodyInColours", () => {
  const body =
    "<style>@media (prefers-color-scheme: dark){p{color:#eee}} @media (prefers-color-scheme: light){p{color:#111}}</style><p>x</p>";

  it("settles the sender's colour-scheme queries to the colours shown, whatever the system prefers", () => {
    const dark = bodyInColours(body, "own-dark");
    expect(dark).toContain("@media (min-width: 0px){p{color:#eee}}");
    expect(dark).toContain("@media (max-width: -1px){p{color:#111}}");
    const original = bodyInColours(body, "original");
    expect(original).toContain("@media (max-width: -1px){p{color:#eee}}");
    expect(original).toContain("@media (min-width: 0px){p{color:#111}}");
  });
});

const CORPUS = "../shared/corpus";
const corpus = (name: string) => {
  try {
    return readFileSync(`${CORPUS}/${name}`, "utf8");
  } catch {
    return null;
  }
};

describe.skipIf(corpus("14-generic-ttso-fr-2023-01-31.html") === null)("real newsletters", () => {
  it("keeps TTSO's own dark styles and adapts Milk Road, which declares itself light only", () => {
    expect(declaresDarkStyles(corpus("14-generic-ttso-fr-2023-01-31.html")!)).toBe(true);
    expect(declaresDarkStyles(corpus("07-beehiiv-milkroad-sec-bored-apes.html")!)).toBe(false);
  });
});
