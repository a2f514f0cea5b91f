import { readFileSync } from "node:fs";
import { expect, test, type FrameLocator, type Page } from "@playwright/test";
import { deliver } from "./reading-support";
import { signedInReader } from "./support";

// The system prefers light and no worker answers in the proxy's place (the font below is served by the route):
// the app's own dark theme alone makes the issues dark.
test.use({ colorScheme: "light", serviceWorkers: "block" });

const LIGHT_ISSUE = `<html><body><table bgcolor="#ffffff" width="100%"><tr><td style="background-color:#f4f4f4;color:#333333;border:1px solid #dddddd;padding:12px"><p>Words on a light card.</p><a href="https://fieldnotes.example/story" style="color:#1a0dab">Read the story</a></td></tr></table></body></html>`;
const OWN_DARK_ISSUE = `<html><head><style>.card{background:#ffffff;color:#222222;padding:12px}@media (prefers-color-scheme: dark){.card{background:#101820 !important;color:#fafafa !important}}</style></head><body><div class="card">Dark by its own design.</div></body></html>`;

/** Relative luminance (0 black, 1 white) of a computed rgb() colour. */
function luminance(rgb: string): number {
  const [r, g, b] = rgb
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const computed = (frame: FrameLocator, selector: string, property: "backgroundColor" | "color") =>
  frame
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element)[name], property);

async function inDarkTheme(page: Page) {
  await page.goto("/feed");
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
}

for (const [name, viewport] of [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test("a light newsletter is shown dark, and Original colours brings back its own, kept after a reload", async ({ page }) => {
      const { user } = await signedInReader(page);
      const id = await deliver(page.request, user.unique_email, { subject: "A light newsletter", html: LIGHT_ISSUE });
      await inDarkTheme(page);
      await page.goto(`/emails/${id}`);
      const frame = page.frameLocator('iframe[title="Content of A light newsletter"]');
      await expect(frame.getByText("Words on a light card.")).toBeVisible();

      await expect.poll(async () => luminance(await computed(frame, "td", "backgroundColor"))).toBeLessThan(0.05);
      expect(luminance(await computed(frame, "td", "color"))).toBeGreaterThan(0.6);
      expect(luminance(await computed(frame, "table", "backgroundColor"))).toBeLessThan(0.05);
      expect(luminance(await computed(frame, "a", "color"))).toBeGreaterThan(0.4);
      expect(luminance(await computed(frame, "body", "backgroundColor"))).toBeLessThan(0.05);

      const original = page.getByRole("button", { name: "Original colours" });
      await expect(original).toHaveAttribute("aria-pressed", "false");
      await original.click();
      await expect(original).toHaveAttribute("aria-pressed", "true");
      await expect.poll(() => computed(frame, "td", "backgroundColor")).toBe("rgb(244, 244, 244)");
      expect(await computed(frame, "td", "color")).toBe("rgb(51, 51, 51)");

      await page.reload();
      await expect(frame.getByText("Words on a light card.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Original colours" })).toHaveAttribute("aria-pressed", "true");
      expect(await computed(frame, "td", "backgroundColor")).toBe("rgb(244, 244, 244)");

      await page.getByRole("button", { name: "Original colours" }).click();
      await expect.poll(async () => luminance(await computed(frame, "td", "backgroundColor"))).toBeLessThan(0.05);
    });
  });
}

test("a newsletter with dark styles of its own keeps them in the dark theme, whatever the system prefers", async ({ page }) => {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject: "Its own dark", html: OWN_DARK_ISSUE });
  await page.goto(`/emails/${id}`);
  const frame = page.frameLocator('iframe[title="Content of Its own dark"]');
  await expect(frame.getByText("Dark by its own design.")).toBeVisible();
  expect(await computed(frame, ".card", "backgroundColor")).toBe("rgb(255, 255, 255)");
  await expect(page.getByRole("button", { name: "Original colours" })).toHaveCount(0);

  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(frame.getByText("Dark by its own design.")).toBeVisible();
  await expect.poll(() => computed(frame, ".card", "backgroundColor")).toBe("rgb(16, 24, 32)");
  expect(await computed(frame, ".card", "color")).toBe("rgb(250, 250, 250)");

  await page.getByRole("button", { name: "Original colours" }).click();
  await expect.poll(() => computed(frame, ".card", "backgroundColor")).toBe("rgb(255, 255, 255)");
});

// A real web font (Geist, SIL OFL), as a sender's font server would answer.
const FONT = readFileSync("node_modules/next/dist/next-devtools/server/font/geist-latin.woff2");

test("a newsletter's web fonts load through the proxy and the page logs no console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  // The sender's font server, in the image proxy's place (tests/integration/images-fonts.test.ts covers the proxy's fetch).
  const fonts: string[] = [];
  await page.route("**/img/font/**", (route) => {
    fonts.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 200, contentType: "font/woff2", body: FONT });
  });
  const { user } = await signedInReader(page);
  const html = `<html><head><style>@font-face{font-family:'Sender Sans';src:url('https://static.sender.example/fonts/sans.eot');src:url('https://static.sender.example/fonts/sans.eot?#iefix') format('embedded-opentype'),url('https://static.sender.example/fonts/sans.woff2') format('woff2'),url('https://static.sender.example/fonts/sans.svg#sans') format('svg')}.lede{font-family:'Sender Sans',Georgia,serif}</style></head><body><p class="lede">Set in the sender's own type.</p></body></html>`;
  const id = await deliver(page.request, user.unique_email, { subject: "Web fonts", html });

  await page.goto(`/emails/${id}`);
  const lede = page.frameLocator('iframe[title="Content of Web fonts"]').getByText("Set in the sender's own type.");
  await expect(lede).toBeVisible();
  await expect.poll(() => lede.evaluate((element) => element.ownerDocument.fonts.check("16px 'Sender Sans'"))).toBe(true);
  await expect
    .poll(() => lede.evaluate(async (element) => [...(await element.ownerDocument.fonts.ready)].map((face) => face.status)))
    .toEqual(["loaded"]);
  expect(fonts).toHaveLength(1);
  expect(fonts[0]).toMatch(/^\/img\/font\/[\w-]{43}\/[\w-]+$/);
  expect(errors).toEqual([]);
});
