// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { extractArticle } from "./extract";

const ORIGIN = "https://paperboy.test";
const paragraph = (n: number) =>
  `<p style="font-size:17px;color:#363737" class="body-text">Paragraph ${n} of the essay: the central bank held its rate, markets shrugged, and the long argument about what comes next went on for another week without an answer anyone liked.</p>`;

// Shaped like a Substack issue after the project's sanitiser: a preheader, a masthead table, the post, a footer.
const SUBSTACK_LIKE = `
  <div class="preview" style="display:none">A look at the week</div>
  <table class="header"><tr><td><a href="https://letter.example/p/week?utm_source=email">View in browser</a></td></tr></table>
  <div class="post typography">
    <h1 class="post-title"><a href="https://letter.example/p/week">The week in rates</a></h1>
    <h3 class="subtitle">Why nothing moved</h3>
    ${[1, 2, 3, 4].map(paragraph).join("")}
    <p>A chart: <img src="${ORIGIN}/img/abc?u=1" alt="Rates since 2020" onerror="alert(1)"> and <img src="https://tracker.example/pixel.gif" alt="pixel"></p>
    <blockquote><p>Quoted <a href="javascript:alert(1)">trap</a> and <a href="https://source.example/report">the report</a>.</p></blockquote>
    ${[5, 6].map(paragraph).join("")}
  </div>
  <div class="footer"><p>You are receiving this because you subscribed. <a href="https://letter.example/unsubscribe">Unsubscribe</a></p><p>© 2026 Letter Inc, 548 Market St</p></div>`;

describe("extractArticle", () => {
  const article = extractArticle(SUBSTACK_LIKE, null, ORIGIN);
  const shown = new DOMParser().parseFromString(article.html, "text/html").body;

  it("keeps the post's text and headings and leaves the footer out", () => {
    expect(article.fromReadability).toBe(true);
    for (const n of [1, 2, 3, 4, 5, 6]) expect(shown.textContent).toContain(`Paragraph ${n} of the essay`);
    expect(shown.textContent).toContain("Why nothing moved");
    expect(shown.textContent).not.toContain("Unsubscribe");
    expect(shown.textContent).not.toContain("548 Market St");
  });

  it("drops every style, class and handler, javascript: links and images from elsewhere", () => {
    expect(shown.querySelectorAll("[style], [class], [onerror]")).toHaveLength(0);
    expect([...shown.querySelectorAll("img")].map((image) => image.getAttribute("src"))).toEqual([`${ORIGIN}/img/abc?u=1`]);
    const links = [...shown.querySelectorAll("a")];
    expect(links.map((link) => link.getAttribute("href"))).not.toContain("javascript:alert(1)");
    expect(links.find((link) => link.textContent === "the report")).toMatchObject({ target: "_blank", rel: "noopener noreferrer" });
    expect(article.html).not.toMatch(/<script|<style|<iframe|<form/i);
  });

  it("keeps a short note, cleaned the same way", () => {
    const short = extractArticle(`<p style="color:red">Thanks for confirming.</p><script>alert(1)</script>`, null, ORIGIN);
    expect(short.html).toContain("<p>Thanks for confirming.</p>");
    expect(short.html).not.toMatch(/script|style|alert/);
  });

  it("shows a plain-text issue as its paragraphs, its markup as text", () => {
    expect(extractArticle(null, "Hello <b>you</b>\nline two\n\nSecond paragraph.", ORIGIN).html).toBe(
      "<p>Hello &lt;b&gt;you&lt;/b&gt;<br>line two</p><p>Second paragraph.</p>",
    );
  });
});

describe("pictures in reader view", () => {
  const image = `<img src="${ORIGIN}/img/sig/hero" alt="Hero" width="600" height="300">`;
  const shown = (html: string) => {
    const article = document.createElement("div");
    article.innerHTML = extractArticle(html, null, ORIGIN).html;
    return article;
  };

  it("keep the width and height their sender declared", () => {
    const article = shown(`<table><tr><td>${image}<p>${"Words about the picture. ".repeat(20)}</p></td></tr></table>`);
    expect(article.querySelector("img")?.getAttribute("width")).toBe("600");
    expect(article.querySelector("img")?.getAttribute("height")).toBe("300");
    expect(article.querySelector("img")?.closest("table")).toBeNull();
  });

  it("flow out of a layout table's cells, while a table of data stays a table", () => {
    const article = shown(`<table><tr><td><table><tr><td>${image}</td></tr></table></td></tr></table>
      <table><tr><th>Year</th><th>Rate</th></tr><tr><td>2024</td><td>5%</td></tr></table>`);
    expect(article.querySelector("img")?.closest("table")).toBeNull();
    expect(article.querySelectorAll("table")).toHaveLength(1);
    expect(article.querySelector("table th")?.textContent).toBe("Year");
  });
});
