import type http from "node:http";
import { startLocalServer, type LocalServer, type SeenRequest } from "../support/local-server";

export type FeedItem = { id: string; title: string; link: string; date: string; html: string };

export const rss = (title: string, items: FeedItem[], extra = "") =>
  `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>${title}</title><link>https://example.com/</link><description>d</description>${extra}
${items
  .map(
    (item) =>
      `<item><title>${item.title}</title><link>${item.link}</link><guid isPermaLink="false">${item.id}</guid><pubDate>${new Date(item.date).toUTCString()}</pubDate><content:encoded><![CDATA[${item.html}]]></content:encoded></item>`,
  )
  .join("\n")}
</channel></rss>`;

export const atom = (title: string, items: FeedItem[], extra = "") =>
  `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>${title}</title><id>urn:feed</id><updated>2026-11-01T00:00:00Z</updated>
<link rel="alternate" href="https://atom.example.org/"/>${extra}
${items
  .map(
    (item) =>
      `<entry><id>${item.id}</id><title>${item.title}</title><link href="${item.link}"/><published>${item.date}</published><updated>${item.date}</updated><content type="html"><![CDATA[${item.html}]]></content></entry>`,
  )
  .join("\n")}
</feed>`;

export const jsonFeed = (title: string, items: FeedItem[]) =>
  JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title,
    home_page_url: "https://json.example.net/",
    items: items.map((item) => ({ id: item.id, url: item.link, title: item.title, content_html: item.html, date_published: item.date })),
  });

export const item = (n: number, prefix = "post"): FeedItem => ({
  id: `${prefix}-${n}`,
  title: `${prefix} number ${n}`,
  link: `https://example.com/${prefix}/${n}`,
  date: new Date(Date.UTC(2026, 9, n, 8)).toISOString(),
  html: `<p>Entry ${n} of ${prefix}: a few words to read about the ${prefix}.</p>`,
});

export type Served = { type: string; body: string; status?: number; headers?: Record<string, string>; delayMs?: number };

/**
 * A feed server on 127.0.0.1: each path answers what `routes` holds at the time of the request, with an
 * ETag of its body honoured by If-None-Match (304); `hold` paths never answer (a slow feed), and a route
 * with `delayMs` answers that much later (a server taking its time).
 */
export async function startFeedServer(): Promise<
  LocalServer & { routes: Map<string, Served>; hold: Set<string>; fetches: (path: string) => SeenRequest[] }
> {
  const routes = new Map<string, Served>();
  const hold = new Set<string>();
  const server = await startLocalServer((req: SeenRequest, res: http.ServerResponse) => {
    const path = req.url.split("?")[0];
    if (hold.has(path)) return;
    const served = routes.get(path);
    if (!served) {
      res.writeHead(404).end("not found");
      return;
    }
    const etag = `"${hash(served.body)}"`;
    if ((served.status ?? 200) === 200 && req.headers["if-none-match"] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    const answer = () => res.writeHead(served.status ?? 200, { "content-type": served.type, etag, ...served.headers }).end(served.body);
    if (served.delayMs) setTimeout(answer, served.delayMs);
    else answer();
  });
  return { ...server, routes, hold, fetches: (path) => server.requests.filter((request) => request.url.split("?")[0] === path) };
}

function hash(text: string): number {
  let value = 0;
  for (let index = 0; index < text.length; index++) value = (value * 31 + text.charCodeAt(index)) | 0;
  return value >>> 0;
}
