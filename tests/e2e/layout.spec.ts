import { expect, test } from "@playwright/test";
import { focusInDialog, horizontalOverflow, pageTitle, signedInReader } from "./support";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("no page scrolls sideways and the menu opens the navigation", async ({ page }) => {
    for (const path of ["/", "/login", "/register"]) {
      await page.goto(path);
      expect(await horizontalOverflow(page), path).toBe(0);
    }
    await signedInReader(page);
    for (const path of ["/feed", "/settings"]) {
      await page.goto(path);
      await expect(pageTitle(page)).toBeVisible();
      expect(await horizontalOverflow(page), path).toBe(0);
    }

    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    expect(await focusInDialog(page, "Menu")).toBe(true);
    for (let i = 0; i < 8; i++) await page.keyboard.press("Tab");
    expect(await focusInDialog(page, "Menu")).toBe(true);
    await page.keyboard.press("Shift+Tab");
    expect(await focusInDialog(page, "Menu")).toBe(true);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Discover" }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(menu).toBeHidden();
    await expect(pageTitle(page)).toHaveText("Discover");
  });
});

test("the sidebar collapses and expands, and the header names the page", async ({ page }) => {
  await signedInReader(page);
  await page.goto("/feed");
  await expect(pageTitle(page)).toHaveText("Feed");
  const sidebar = page.getByRole("navigation", { name: "Main" });
  await expect(sidebar.getByRole("link", { name: "My Feed" })).toHaveAttribute("aria-current", "page");
  const sidebarWidth = async () => (await page.locator("aside").boundingBox())?.width ?? 0;
  expect(await sidebarWidth()).toBeGreaterThan(200);

  await page.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect(page.getByRole("button", { name: "Expand sidebar" })).toHaveAttribute("aria-expanded", "false");
  await expect.poll(sidebarWidth).toBeLessThan(100);
  await expect(sidebar.getByRole("link", { name: "Subscriptions" })).toBeVisible();
  await page.getByRole("button", { name: "Expand sidebar" }).click();
  await expect.poll(sidebarWidth).toBeGreaterThan(200);

  await sidebar.getByRole("link", { name: "Subscriptions" }).click();
  await expect(pageTitle(page)).toHaveText("Subscriptions");
  await sidebar.getByRole("link", { name: "Settings" }).click();
  await expect(pageTitle(page)).toHaveText("Settings");

  // Issue and newsletter pages bring their own header.
  await page.goto("/emails/1");
  await expect(page).toHaveURL(/\/emails\/1$/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByTestId("app-header")).toHaveCount(0);
  await page.goto("/newsletter/1");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByTestId("app-header")).toHaveCount(0);
});

test("widening the window closes the mobile menu", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 700 });
  await signedInReader(page);
  await page.goto("/feed");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  await page.setViewportSize({ width: 769, height: 700 });
  await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Collapse sidebar" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
});
