import { expect, test, type Page } from "@playwright/test";
import { finishOnboardingByApi, newAccount, registerByApi, signedInReader } from "./support";

type Newsletter = { id: number; name: string; categories: unknown[] };

/** Native alerts and confirms as they were raised, each dismissed or accepted as a reader would. */
function recordDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on("dialog", (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void (dialog.type() === "confirm" ? dialog.accept() : dialog.dismiss());
  });
  return seen;
}

async function firstFeatured(page: Page): Promise<Newsletter> {
  const { items } = (await (await page.request.get("/api/newsletters/featured")).json()) as { items: Newsletter[] };
  // Catalog entries only: a database shared with the integration suites may hold their seeded ones first.
  return items.filter((item) => item.categories.length > 0)[0];
}

test.describe("on a 390 x 844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("scrolling Discover to its foot marks the last category chip active", async ({ page }) => {
    await signedInReader(page);
    await page.goto("/discover");
    const chips = page.getByRole("navigation", { name: "Categories" });
    const last = chips.getByRole("link").last();
    await expect(last).toBeVisible();
    const section = (await last.getAttribute("href"))!;

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(last).toHaveAttribute("aria-current", "true");
    await expect(chips.locator("[aria-current=true]")).toHaveCount(1);
    await expect(page.locator(section)).toBeInViewport();
  });
});
