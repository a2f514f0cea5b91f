import { expect, test } from "@playwright/test";
import { signedInReader } from "./support";

test.describe("with a light system preference", () => {
  test.use({ colorScheme: "light" });

  test("the chosen theme survives a reload", async ({ page }) => {
    await signedInReader(page);
    await page.goto("/feed");
    const html = page.locator("html");
    await expect(html).toHaveClass(/\blight\b/);

    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();

    await page.goto("/login");
    await expect(html).toHaveClass(/\bdark\b/);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(html).toHaveClass(/\blight\b/);
    await page.reload();
    await expect(html).toHaveClass(/\blight\b/);
  });
});

test.describe("with a dark system preference", () => {
  test.use({ colorScheme: "dark" });

  test("a first visit follows the system, a stored choice wins", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
  });
});
