import { expect, test, type Page } from "@playwright/test";
import { deliver, issueCard } from "./reading-support";
import { openInApp, signedInReader } from "./support";

// docs/contract.md 8.1: a signed-in request for these pages is answered with their content in the HTML.

async function readerWithIssue(page: Page) {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, {
    subject: "Drawn on the server",
    from: "Tidewater Dispatch <dispatch@tidewater.example>",
    html: "<html><body><h1>Morning tides</h1><p>The estuary's first bulletin.</p></body></html>",
  });
  const email = (await (await page.request.get(`/api/issues/${id}`)).json()) as { newsletter_metadata_id: number };
  return { id, newsletterId: email.newsletter_metadata_id };
}

test("the feed, an issue, the subscriptions and the newsletter arrive drawn in the HTML", async ({ page }) => {
  const { id, newsletterId } = await readerWithIssue(page);
  const html = async (path: string) => {
    const response = await page.request.get(path);
    expect(response.status()).toBe(200);
    // What is drawn, not the data the page's scripts carry.
    return (await response.text()).replace(/<script\b[\s\S]*?<\/script>/g, "");
  };

  expect(await html("/feed")).toContain("Drawn on the server");
  // The frame's document is in the first answer, not fetched after the scripts run.
  expect(await html(`/emails/${id}`)).toMatch(/srcdoc="[^"]*Morning tides/i);
  expect(await html("/subscriptions")).toContain("Tidewater Dispatch");
  expect(await html(`/newsletter/${newsletterId}`)).toContain("Drawn on the server");
  // The feed's query is honoured on the server: a search that matches nothing draws no card.
  expect(await html("/feed?search=zzzunmatched")).not.toContain("Drawn on the server");
  const featured = (await (await page.request.get("/api/newsletters/featured")).json()) as { items: { name: string }[] };
  expect(featured.items.length).toBeGreaterThan(0);
  const discover = await html("/discover");
  const featuredList = /aria-label="Featured newsletters"[\s\S]*?<\/ul>/.exec(discover)?.[0] ?? "";
  expect(featuredList.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&")).toContain(featured.items[0].name);
});

test("what arrived drawn is not fetched again by the browser", async ({ page }) => {
  await readerWithIssue(page);
  const reads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) reads.push(`${url.pathname}${url.search}`);
  });
  await page.goto("/feed");
  await expect(issueCard(page, "Drawn on the server")).toBeVisible();
  // The page is the browser's once its keys work: `j` selects the first card.
  await page.keyboard.press("j");
  await expect(issueCard(page, "Drawn on the server")).toBeFocused();
  expect(reads.filter((read) => read === "/api/users/me" || read === "/api/users/me/subscriptions")).toEqual([]);
  // The unread count beside "My Feed" is always asked afresh; the feed's own page is not.
  expect(
    reads.filter((read) => read.startsWith("/api/issues/feed?") && !read.endsWith("kind=issue&read_status=unread&page_size=1")),
  ).toEqual([]);
});

test("an issue's first paint holds its title and its summary together, on a slow phone's CPU", async ({ page, context }) => {
  const { user } = await signedInReader(page);
  const subject = "Painted at once";
  // A long body: its frame's document comes before the summary in the page, so the parser reaches the summary late.
  const paragraphs = Array.from(
    { length: 40 },
    (_, index) => `<p>Tide table ${index}: ${"the estuary fills and empties. ".repeat(12)}</p>`,
  );
  const id = await deliver(page.request, user.unique_email, {
    subject,
    html: `<html><body><h1>${subject}</h1>${paragraphs.join("")}</body></html>`,
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    const seen = window as unknown as { __paints: { title?: number; summary?: number } };
    seen.__paints = {};
    // The time each element was first painted: an element painted larger than all before it is a largest-paint entry.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        if (entry.element?.id === "issue-summary") seen.__paints.summary ??= entry.startTime;
        if (entry.element?.tagName === "H1") seen.__paints.title ??= entry.startTime;
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") seen.__paints.title ??= entry.startTime;
    }).observe({ type: "paint", buffered: true });
  });
  await page.goto(`/emails/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.locator("#issue-summary")).toBeVisible();
  const paints = await page.evaluate(() => (window as unknown as { __paints: { title?: number; summary?: number } }).__paints);
  expect(paints.summary, "the summary was a largest paint").toBeDefined();
  expect(paints.summary).toBe(paints.title);
});

test("a client-side navigation still shows the loading states, and a dead session still checks", async ({ page, context }) => {
  await readerWithIssue(page);
  // Each held answer goes once its loading state has been seen.
  const hold = () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    return { held, release };
  };
  const featured = hold();
  await page.route("**/api/newsletters/featured", async (route) => {
    await featured.held;
    await route.continue();
  });
  await openInApp(page, "/discover");
  await expect(page.getByRole("status").filter({ hasText: "Loading newsletters..." }).first()).toBeVisible();
  featured.release();
  await expect(page.getByRole("status").filter({ hasText: "Loading newsletters..." })).toHaveCount(0);

  await context.clearCookies();
  await context.addCookies([{ name: "paperboy.session_token", value: "not-a-session", url: page.url() }]);
  const session = hold();
  await page.route("**/api/users/me", async (route) => {
    await session.held;
    await route.continue();
  });
  await page.goto("/feed");
  await expect(page.getByRole("status").filter({ hasText: "Authenticating..." })).toBeVisible();
  session.release();
  await expect(page).toHaveURL(/\/login\?next=%2Ffeed$/);
});
