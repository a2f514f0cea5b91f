import { createServer, type Server } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { articleHtml, deliver, issueCard } from "./reading-support";
import { signedInReader } from "./support";

// Service workers run only with a real origin (localhost) and when allowed, which is Playwright's default.
test.use({ serviceWorkers: "allow" });

// A sender's image server on the loopback port the app's proxy may reach. reading-private-images.spec.ts
// answers every path there with a PNG too: when it holds the port, its server serves these journeys.
const IMAGE_ORIGIN = `http://127.0.0.1:${process.env.E2E_IMAGE_PORT}`;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGM4YRMFRwzIHACRugrxvYKi9wAAAABJRU5ErkJggg==", "base64");
let server: Server | undefined;

test.beforeAll(async () => {
  const images = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "image/png" });
    response.end(PNG);
  });
  server = await new Promise<Server | undefined>((resolve) => {
    images.once("error", () => resolve(undefined));
    images.listen(Number(process.env.E2E_IMAGE_PORT), "127.0.0.1", () => resolve(images));
  });
});
test.afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

// The first visit of a journey may wait for the server to load the page's code on a busy machine.
const FIRST_VISIT_MS = 30_000;

const issueWithImage = (heading: string) =>
  `<html><body><h1>${heading}</h1><p><img src="${IMAGE_ORIGIN}/${encodeURIComponent(heading)}.png" alt="Cover" width="4" height="2"></p><p>${"Careful reporting on small things. ".repeat(40)}</p></body></html>`;

/** Waits until the page is controlled by the worker, which is what makes the next visits work offline. */
async function controlledByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? "")).toMatch(/\/serwist\/sw\.js$/);
}

/** Waits until the worker has kept these issues' pages and API answers for reading offline. */
async function keptOffline(page: Page, ids: number[]) {
  await expect
    .poll(
      () =>
        page.evaluate(async (wanted) => {
          const pages = (await caches.keys()).find((key) => key.startsWith("paperboy-offline-pages-"));
          if (!pages) return false;
          for (const id of wanted) {
            if (!(await caches.match(`/emails/${id}`, { cacheName: pages, ignoreVary: true }))) return false;
            if (!(await caches.match(`/api/issues/${id}`, { cacheName: "paperboy-offline-api" }))) return false;
          }
          return true;
        }, ids),
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function offlineCaches(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await caches.keys()).filter((key) => key.startsWith("paperboy-offline-")));
}

test("the app installs: a manifest with its icons and start page, theme colours for both themes, and an active service worker", async ({
  page,
}) => {
  await page.goto("/login");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = (await (await page.request.get(href!)).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: "Paperboy", short_name: "Paperboy", start_url: "/feed", display: "standalone" });
  for (const [sizes, purpose] of [
    ["192x192", "any"],
    ["512x512", "any"],
    ["512x512", "maskable"],
  ]) {
    const icon = manifest.icons.find((entry) => entry.sizes === sizes && entry.purpose === purpose && entry.type === "image/png");
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const answer = await page.request.get(icon!.src);
    expect(answer.headers()["content-type"]).toBe("image/png");
    // A PNG's width and height sit at bytes 16 to 24 of its header.
    const body = await answer.body();
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(sizes);
  }
  const themes = await page
    .locator('meta[name="theme-color"]')
    .evaluateAll((metas) => metas.map((meta) => `${meta.getAttribute("media")} ${meta.getAttribute("content")}`));
  expect(themes).toEqual(["(prefers-color-scheme: light) #ffffff", "(prefers-color-scheme: dark) #020617"]);

  await controlledByWorker(page);
  const worker = await page.request.get("/serwist/sw.js");
  expect(worker.headers()["service-worker-allowed"]).toBe("/");
  // The build's assets are precached with their revisions, so a deploy replaces them.
  expect(await worker.text()).toMatch(/\/_next\/static\//);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).some((key) => key.includes("precache")))).toBe(true);
  // Nothing of anyone's is kept for a visitor who has not signed in.
  expect(await offlineCaches(page)).toEqual([]);
});

test("after one online visit to the feed, the feed and its issues with their images open with the network off", async ({
  page,
  context,
}) => {
  const { user } = await signedInReader(page);
  const first = await deliver(page.request, user.unique_email, { subject: "Tide tables", html: issueWithImage("Tide tables") });
  const second = await deliver(page.request, user.unique_email, { subject: "Harbour lights", html: articleHtml("Harbour lights") });

  await page.goto("/feed");
  await expect(issueCard(page, "Harbour lights")).toBeVisible({ timeout: FIRST_VISIT_MS });
  await controlledByWorker(page);
  await keptOffline(page, [first, second]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toBeVisible();
  await expect(issueCard(page, "Tide tables")).toBeVisible();
  await expect(issueCard(page, "Harbour lights")).toBeVisible();

  await page.getByRole("link", { name: "Tide tables", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/emails/${first}$`));
  const frame = page.frameLocator('iframe[title="Content of Tide tables"]');
  await expect(frame.getByRole("heading", { name: "Tide tables" })).toBeVisible();
  const cover = frame.getByRole("img", { name: "Cover" });
  await expect.poll(() => cover.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(4);

  await page.goto(`/emails/${second}`);
  await expect(
    page.frameLocator('iframe[title="Content of Harbour lights"]').getByRole("heading", { name: "Harbour lights" }),
  ).toBeVisible();
  await context.setOffline(false);
});

test("a like and a read made offline stay shown and reach the server once the network is back", async ({ page, context }) => {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject: "Night ferry", html: articleHtml("Night ferry") });
  const onServer = async () => {
    const email = (await (await page.request.get(`/api/issues/${id}`)).json()) as { is_liked: boolean; is_read: boolean };
    return [email.is_liked, email.is_read];
  };

  await page.goto("/feed");
  await expect(issueCard(page, "Night ferry")).toBeVisible({ timeout: FIRST_VISIT_MS });
  await controlledByWorker(page);
  await keptOffline(page, [id]);

  // The worker answers a change it keeps for later 202 (lib/pwa/sw.ts): once the like and the read are kept, whatever
  // the page sent while offline has had its chance to reach the server.
  const kept: string[] = [];
  page.on("response", (response) => {
    if (response.request().method() === "PUT" && response.url().endsWith(`/api/issues/${id}/interactions`) && response.status() === 202)
      kept.push(response.request().postData() ?? "");
  });
  await context.setOffline(true);
  await page.getByRole("button", { name: "Like Night ferry" }).click();
  await expect(page.getByRole("button", { name: /^Unlike Night ferry/ })).toHaveAttribute("aria-pressed", "true");
  // The worker's answer reaches the page it was sent from: one that navigated meanwhile never sees it.
  await expect.poll(() => kept.some((body) => body.includes('"is_liked":true')), { message: "the like kept" }).toBe(true);
  // Opening the issue marks it read.
  await page.getByRole("link", { name: "Night ferry", exact: true }).click();
  await expect(page.frameLocator('iframe[title="Content of Night ferry"]').getByRole("heading", { name: "Night ferry" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Unlike/ })).toBeVisible();
  await expect.poll(() => kept.some((body) => body.includes('"is_read":true')), { message: "the read kept" }).toBe(true);
  expect(await onServer()).toEqual([false, false]);

  await context.setOffline(false);
  await expect.poll(onServer, { timeout: 15_000 }).toEqual([true, true]);
  await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toHaveCount(0);
});

test("logging out drops everything kept for reading offline, so the next person finds nothing of it", async ({ page, context }) => {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject: "Private letter", html: articleHtml("Private letter") });

  await page.goto("/feed");
  await expect(issueCard(page, "Private letter")).toBeVisible({ timeout: FIRST_VISIT_MS });
  await controlledByWorker(page);
  await keptOffline(page, [id]);
  expect(await offlineCaches(page)).not.toEqual([]);

  await page.goto("/settings");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await offlineCaches(page)).toEqual([]);
  // Nor is any change left queued (the worker's queue lives in IndexedDB).
  const queued = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("serwist-background-sync");
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains("requests")) return resolve(0);
          const count = open.result.transaction("requests").objectStore("requests").count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(queued).toBe(0);

  await context.setOffline(true);
  await expect(page.goto(`/emails/${id}`)).rejects.toThrow();
  await context.setOffline(false);
});
