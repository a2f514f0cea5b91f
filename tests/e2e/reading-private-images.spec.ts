import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { deliver } from "./reading-support";
import { signedInReader } from "./support";

// A sender's image server on the loopback port playwright.config.ts lets the app's proxy reach.
const IMAGE_ORIGIN = `http://127.0.0.1:${process.env.E2E_IMAGE_PORT}`;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGM4YRMFRwzIHACRugrxvYKi9wAAAABJRU5ErkJggg==", "base64");

let server: Server;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

test.beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? "", headers: request.headers });
    response.writeHead(200, { "content-type": "image/png", "set-cookie": "reader=tracked" });
    response.end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_IMAGE_PORT), "127.0.0.1", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Every request the page and its frames make, from the moment it is watched. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

async function expectImagesShown(page: Page, frameTitle: string) {
  const frame = page.frameLocator(`iframe[title="${frameTitle}"]`);
  for (const alt of ["Cover", "Chart"]) {
    const image = frame.getByRole("img", { name: alt });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(4);
    expect(await image.getAttribute("src")).toMatch(/^\/img\/[A-Za-z0-9_-]{43}\/[A-Za-z0-9_-]+$/);
  }
}

test("reading an issue and its share page shows the sender's images without the browser ever contacting the sender", async ({ page }) => {
  const { user } = await signedInReader(page);
  const run = Date.now();
  const html = `<html><body><h1>Pictures from the field</h1><p>${"What we saw this week in the field. ".repeat(20)}</p><img src="${IMAGE_ORIGIN}/cover.png?run=${run}" alt="Cover" width="400" height="200"><p>And the numbers:</p><img src="${IMAGE_ORIGIN}/chart.png?run=${run}" alt="Chart" width="400" height="200"><p><a href="https://fieldnotes.example/story">Read the story</a></p></body></html>`;
  const id = await deliver(page.request, user.unique_email, { subject: "Pictures from the field", html });

  const requests = recordRequests(page);
  await page.goto(`/emails/${id}`);
  await expectImagesShown(page, "Content of Pictures from the field");
  const { public_share_id: shareId } = (await (await page.request.get(`/api/issues/${id}`)).json()) as { public_share_id: string };
  await page.goto(`/issues/share/${shareId}`);
  await expectImagesShown(page, "Content of Pictures from the field");

  expect(requests.filter((url) => url.startsWith(IMAGE_ORIGIN))).toEqual([]);
  expect(requests.filter((url) => new URL(url).pathname.startsWith("/img/")).length).toBeGreaterThanOrEqual(2);
  // The app's proxy fetched each image once, carrying nothing of the reader's.
  const fetched = seen.filter((request) => request.url.includes(`run=${run}`));
  expect(fetched.map((request) => request.url).sort()).toEqual([`/chart.png?run=${run}`, `/cover.png?run=${run}`]);
  for (const request of fetched) {
    expect(request.headers.cookie).toBeUndefined();
    expect(request.headers.referer).toBeUndefined();
  }
});

test("the feed never asks the sender's host for an issue's picture, nor the app for one it could not fetch", async ({ page }) => {
  const { user } = await signedInReader(page);
  const picture = `https://pictures.sender.example/hero.jpg?run=${Date.now()}`;
  const html = `<html><body><img src="${picture}" alt="Hero" width="600" height="300"><p>${"The week in pictures, told at length. ".repeat(20)}</p></body></html>`;
  const id = await deliver(page.request, user.unique_email, { subject: "A week in pictures", html });
  const contacted: string[] = [];
  await page.route("https://pictures.sender.example/**", async (route) => {
    contacted.push(route.request().url());
    await route.abort();
  });
  // The server tried the made-up host when the issue was filed, and keeps no picture to show.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/issues/${id}`)).json()) as { thumbnail_image_url: string | null }).thumbnail_image_url,
    )
    .toBeNull();

  const requests = recordRequests(page);
  await page.goto("/feed");
  const card = page.getByRole("article", { name: "A week in pictures" });
  await expect(card).toBeVisible();
  expect(requests.filter((url) => new URL(url).pathname === `/img/thumbnail/${id}`)).toEqual([]);
  expect(contacted).toEqual([]);
});

test("a share page's preview picture for other sites is the app's proxy too, never the sender's address", async ({ page, baseURL }) => {
  const { user } = await signedInReader(page);
  const html = `<html><body><img src="https://pictures.sender.example/cover.jpg" alt="Cover" width="600" height="300"><p>${"Pictures of the week, with words. ".repeat(20)}</p></body></html>`;
  const id = await deliver(page.request, user.unique_email, { subject: "Shared pictures", html });
  const { public_share_id: shareId } = (await (await page.request.get(`/api/issues/${id}`)).json()) as { public_share_id: string };

  const shared = await (await page.request.get(`/issues/share/${shareId}`)).text();
  const preview = /<meta property="og:image" content="([^"]+)"/.exec(shared)?.[1];
  expect(preview).toMatch(new RegExp(`^${baseURL}/img/[A-Za-z0-9_-]{43}/[A-Za-z0-9_-]+$`));
  expect(shared.includes("pictures.sender.example")).toBe(false);
});
