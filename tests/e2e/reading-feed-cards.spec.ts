import { expect, test, type Page } from "@playwright/test";
import { articleHtml, deliver } from "./reading-support";
import { signedInReader } from "./support";

const HOUR = 3_600_000;

function issueCard(page: Page, subject: string) {
  return page.getByRole("article", { name: subject, exact: true });
}

test("pages are written to the URL, page 1 leaves it, a page past the end is ignored, and a page change scrolls to the top", async ({ page }) => {
  const { user } = await signedInReader(page);
  const now = Date.now();
  for (let i = 1; i <= 21; i++) {
    const subject = `Bulletin ${String(i).padStart(2, "0")}`;
    await deliver(page.request, user.unique_email, { subject, html: articleHtml(subject, 40), date: new Date(now - i * HOUR) });
  }

  await page.goto("/feed");
  await expect(issueCard(page, "Bulletin 01")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/feed\?page=2$/);
  await expect(issueCard(page, "Bulletin 21")).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.getByRole("button", { name: "Page 1" }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(issueCard(page, "Bulletin 01")).toBeVisible();

  await page.goto("/feed?page=9");
  await expect(page).toHaveURL(/\/feed$/);
  await expect(issueCard(page, "Bulletin 01")).toBeVisible();
  await expect(page.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
});
