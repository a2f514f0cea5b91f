import http from "node:http";
import { expect, test } from "@playwright/test";
import { audit } from "./accessibility-support";
import { horizontalOverflow, signedInReader } from "./support";

// playwright.config.ts lets the server reach this loopback port through FETCH_ALLOW_HOSTS.
const FEED_PORT = Number(process.env.E2E_FEED_PORT);
const origin = `http://127.0.0.1:${FEED_PORT}`;
const tag = Math.random().toString(36).slice(2, 8);
const title = `The Loopback Letter ${tag}`;

type Post = { n: number; title: string; text: string };
const posts: Post[] = [
  { n: 1, title: `Back issue one ${tag}`, text: "The first back issue, about loopback gardening." },
  { n: 2, title: `Back issue two ${tag}`, text: "The second back issue, about quiet servers." },
];

const feedXml = () => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${title}</title><link>${origin}/blog</link><description>A test blog</description>
${posts
  .map(
    (post) =>
      `<item><title>${post.title}</title><link>${origin}/blog/${post.n}</link><guid>${tag}-${post.n}</guid>` +
      `<pubDate>${new Date(Date.UTC(2026, 10, post.n, 9)).toUTCString()}</pubDate><description><![CDATA[<p>${post.text}</p>]]></description></item>`,
  )
  .join("\n")}
</channel></rss>`;

let server: http.Server;
test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/blog") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html><head><title>${title}</title><link rel="alternate" type="application/rss+xml" href="/blog/feed.xml"></head><body>Blog</body></html>`,
      );
    } else if (req.url === "/blog/feed.xml") {
      res.writeHead(200, { "content-type": "application/rss+xml" }).end(feedXml());
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(FEED_PORT, "127.0.0.1", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("a reader follows a blog by its page's address in Settings, reads its archive in the feed, gets a new entry once on refresh, and unfollows", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInReader(page);
  await page.goto("/settings#followed-feeds");
  const section = page.getByRole("region", { name: "Followed feeds" });
  await expect(section.getByText("You follow no feed yet.")).toBeVisible();
  // By keyboard: Enter in the field follows.
  await section.getByLabel("Feed or page address").fill(`${origin}/blog`);
  await section.getByLabel("Feed or page address").press("Enter");
  await expect(section.getByText(`You follow ${title}. Its issues are in your feed.`)).toBeVisible();
  const item = section.getByRole("listitem", { name: title });
  await expect(item.getByTestId("followed-feed-status")).toContainText("Up to date");
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await audit(page, "Settings, Followed feeds")).toEqual([]);

  await page.goto("/feed");
  await expect(page.getByText(posts[1].title)).toBeVisible();
  await expect(page.getByText(posts[0].title)).toBeVisible();
  await page.getByText(posts[1].title).click();
  await expect(page.frameLocator(`iframe[title="Content of ${posts[1].title}"]`).getByText(posts[1].text)).toBeVisible();

  posts.push({ n: 3, title: `A new post ${tag}`, text: "A third post, arrived after following." });
  await page.goto("/settings#followed-feeds");
  await section.getByRole("listitem", { name: title }).getByRole("button", { name: "Refresh" }).click();
  await expect(section.getByText("Fetching it now.")).toBeVisible();
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/issues/feed?search=${encodeURIComponent(tag)}`);
      return ((await answer.json()) as { items: { subject: string }[] }).items.map((email) => email.subject);
    })
    .toEqual([posts[2].title, posts[1].title, posts[0].title]);

  page.on("dialog", (dialog) => void dialog.accept());
  await section.getByRole("listitem", { name: title }).getByRole("button", { name: "Unfollow" }).click();
  await expect(section.getByText("You follow no feed yet.")).toBeVisible();
  await page.goto("/feed");
  await expect(page.getByText(posts[2].title)).toBeVisible();
});

test("a page without a feed says so", async ({ page }) => {
  await signedInReader(page);
  await page.goto("/settings#followed-feeds");
  const section = page.getByRole("region", { name: "Followed feeds" });
  await section.getByLabel("Feed or page address").fill(`${origin}/nothing-here`);
  await section.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(section.getByRole("alert")).toHaveText("The feed's server answered 404");
});
