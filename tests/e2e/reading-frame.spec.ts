import { expect, test, type Page } from "@playwright/test";
import { deliver } from "./reading-support";
import { frameLoaded, openInApp, signedInReader } from "./support";

const HOSTILE = [
  "<h1>Hostile issue</h1>",
  "<script>window.top.__pwned = 1; parent.document.title = 'pwned';</script>",
  `<img src="x" onerror="window.top.__pwned = 2; parent.document.title = 'pwned'">`,
  `<svg onload="window.top.__pwned = 3"></svg>`,
  `<a href="#below">Jump below</a>`,
  `<a href="https://fieldnotes.example/outside">Outside link</a>`,
  `<a href="javascript:localStorage.setItem('pwned', '1')">Script link</a>`,
].join("\n");

async function expectNothingRan(page: Page, title: string) {
  await frameLoaded(page, title);
  expect(await page.title()).not.toBe("pwned");
  expect(await page.evaluate(() => (window as Window & { __pwned?: number }).__pwned)).toBeUndefined();
}

test("the issue body's frame never runs the message's script", async ({ page }) => {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject: "Hostile issue", html: `<html><body>${HOSTILE}</body></html>` });

  await page.goto(`/emails/${id}`);
  const frame = page.locator('iframe[title="Content of Hostile issue"]');
  await expect(frame).toHaveAttribute("sandbox", "allow-same-origin allow-popups allow-popups-to-escape-sandbox");
  await expect(page.frameLocator('iframe[title="Content of Hostile issue"]').getByRole("heading", { name: "Hostile issue" })).toBeVisible();
  await expectNothingRan(page, "Content of Hostile issue");
});

test("even unsanitized script in a body stays inert, and links open in a new tab", async ({ page, context }) => {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject: "Raw issue", html: "<p>placeholder</p>" });
  // Hand the frame the raw hostile HTML, as if the sanitizer had missed everything.
  await page.route(`**/api/issues/${id}`, async (route) => {
    const response = await route.fetch();
    const email = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...email, body_html: HOSTILE } });
  });

  await openInApp(page, `/emails/${id}`);
  const body = page.frameLocator('iframe[title="Content of Raw issue"]');
  await expect(body.getByRole("heading", { name: "Hostile issue" })).toBeVisible();
  await expectNothingRan(page, "Content of Raw issue");

  await body.getByRole("link", { name: "Jump below" }).click();
  await expect(page).toHaveURL(new RegExp(`/emails/${id}$`));

  // A window the script link opened would come before the one the outside link opens next.
  const windows: Page[] = [];
  const record = (other: Page) => windows.push(other);
  context.on("page", record);
  await body.getByRole("link", { name: "Script link" }).click();

  await context.route("https://fieldnotes.example/**", (route) => route.fulfill({ contentType: "text/html", body: "<p>Outside</p>" }));
  const popup = context.waitForEvent("page");
  await body.getByRole("link", { name: "Outside link" }).click();
  const opened = await popup;
  context.off("page", record);
  expect(windows, "a javascript: link opens no window").toEqual([opened]);
  expect(await page.evaluate(() => localStorage.getItem("pwned"))).toBeNull();
  expect(opened.url()).toContain("fieldnotes.example/outside");
  expect(await opened.evaluate(() => window.opener)).toBeNull();
  await opened.close();
  await expect(page).toHaveURL(new RegExp(`/emails/${id}$`));
});
