import { describe, expect, it } from "vitest";
import { discoverFeedLinks, parseFeedDocument } from "./parse";
import { retryAfter } from "./fetch";

describe("parseFeedDocument", () => {
  it("reads an RSS 2.0 item's guid, link, title, content:encoded, creator and date, and the channel's hub", () => {
    const feed = parseFeedDocument(
      `<?xml version="1.0"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel><title>Tea &amp; Toast</title><link>https://tea.example/</link><atom:link rel="hub" href="https://hub.example/"/>
      <item><title>First &lt;em&gt;brew&lt;/em&gt;</title><link>/posts/1</link><guid>urn:1</guid><dc:creator>Ann</dc:creator>
      <pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate><description>short</description><content:encoded><![CDATA[<p>long</p>]]></content:encoded></item>
      </channel></rss>`,
      "https://tea.example/feed.xml",
    );
    expect(feed).toMatchObject({ format: "rss", title: "Tea & Toast", siteUrl: "https://tea.example/", hubUrl: "https://hub.example/" });
    expect(feed.entries).toEqual([
      {
        guid: "urn:1",
        link: "https://tea.example/posts/1",
        title: "First brew",
        html: "<p>long</p>",
        author: "Ann",
        date: new Date("2026-11-02T10:00:00Z"),
      },
    ]);
  });

  it("reads an Atom 1.0 entry, its alternate link and its text content as HTML", () => {
    const feed = parseFeedDocument(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">A &lt;b&gt;feed&lt;/b&gt;</title><id>x</id><updated>2026-11-01T00:00:00Z</updated>
      <link rel="self" href="https://a.example/atom"/><link href="https://a.example/"/>
      <entry><id>e1</id><title>E1</title><updated>2026-11-03T00:00:00Z</updated><link rel="alternate" href="https://a.example/e1"/>
      <content type="text">one &lt; two</content></entry></feed>`,
      "https://a.example/atom",
    );
    expect(feed).toMatchObject({
      format: "atom",
      title: "A feed",
      siteUrl: "https://a.example/",
      selfUrl: "https://a.example/atom",
      hubUrl: null,
    });
    expect(feed.entries[0]).toMatchObject({
      guid: "e1",
      link: "https://a.example/e1",
      html: "<p>one &lt; two</p>",
      date: new Date("2026-11-03T00:00:00Z"),
    });
  });

  it("reads a JSON Feed 1.1 item and its WebSub hub", () => {
    const feed = parseFeedDocument(
      JSON.stringify({
        version: "https://jsonfeed.org/version/1.1",
        title: "J",
        hubs: [{ type: "WebSub", url: "https://hub.example/j" }],
        items: [{ id: 7, url: "https://j.example/7", content_text: "a\n\nb", date_modified: "2026-11-04T00:00:00Z" }],
      }),
      "https://j.example/feed.json",
    );
    expect(feed).toMatchObject({ format: "json", hubUrl: "https://hub.example/j" });
    expect(feed.entries[0]).toMatchObject({ guid: "7", html: "<p>a</p><p>b</p>", date: new Date("2026-11-04T00:00:00Z") });
  });

  it.each([
    ["truncated XML", "<rss><channel><title>x</title><item>", "The feed is not well-formed XML"],
    ["a web page", "<html><body>hi</body></html>", "Not an RSS, Atom or JSON feed"],
    ["plain text", "hello", "Not an RSS, Atom or JSON feed"],
    ["JSON that is no feed", '{"a": 1}', "Not an RSS, Atom or JSON feed"],
  ])("refuses %s", (_name, body, message) => {
    expect(() => parseFeedDocument(body, "https://x.example/")).toThrow(message);
  });
});

it("makes an entry's relative links and images absolute against its own page", () => {
  const feed = parseFeedDocument(
    `<rss version="2.0"><channel><title>R</title><link>https://r.example/</link>
    <item><title>x</title><link>https://r.example/posts/7/</link><guid>7</guid>
    <description><![CDATA[<p><img src="img/a.png" alt="a"> <a href="/about">About</a> <a href="#top">top</a> <a href="mailto:me@r.example">me</a></p>]]></description></item>
    </channel></rss>`,
    "https://r.example/feed",
  );
  expect(feed.entries[0].html).toBe(
    '<p><img src="https://r.example/posts/7/img/a.png" alt="a"> <a href="https://r.example/about">About</a> <a href="#top">top</a> <a href="mailto:me@r.example">me</a></p>',
  );
});

describe("discoverFeedLinks", () => {
  it("finds the feeds a page names with rel=alternate, resolved against the page, and nothing else", () => {
    const html = `<html><head>
      <link rel="stylesheet" href="/s.css"><link rel="alternate" hreflang="fr" href="/fr/">
      <link rel="alternate" type="application/rss+xml" href="/feed">
      <link rel="alternate" type="application/atom+xml; charset=utf-8" href="https://other.example/atom">
      <link rel="alternate" type="application/feed+json" href="/feed">
      </head><body><a rel="alternate" type="application/rss+xml" href="/not-a-link-element">x</a></body></html>`;
    expect(discoverFeedLinks(html, "https://site.example/blog/")).toEqual(["https://site.example/feed", "https://other.example/atom"]);
  });
});

describe("retryAfter", () => {
  it("reads seconds and HTTP dates, and nothing else", () => {
    expect(retryAfter("120")).toBe(120);
    expect(retryAfter(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(60);
    expect(retryAfter("soon")).toBeNull();
    expect(retryAfter(null)).toBeNull();
  });
});
