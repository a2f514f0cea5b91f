import { expect, test } from "@playwright/test";
import { newAccount, pageTitle } from "./support";

// APP_URL says localhost (playwright.config.ts); a newcomer opens the server by its address instead.
test("a newcomer at http://127.0.0.1 signs up, saves an address, logs out and back in", async ({ page, baseURL }) => {
  const other = new URL(baseURL ?? "http://localhost:3100");
  other.hostname = "127.0.0.1";
  const account = newAccount("numeric");

  await page.goto(new URL("/register", other).href);
  await page.getByLabel("Full name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(`${other.origin}/feed`);

  // Onboarding's writes (the unique address, then the profile) come from the same page.
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Get Started" }).click();
  await dialog.getByLabel("Your unique email").fill(`ip-${Date.now().toString(36)}`);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("img", { name: "Step 3 of 3" })).toBeVisible();
  const saved = page.waitForResponse((response) => response.url().endsWith("/api/users/me") && response.request().method() === "PATCH");
  await dialog.getByRole("button", { name: "Explore The App" }).click();
  expect((await saved).status()).toBe(200);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${other.origin}/`);

  await page.goto(new URL("/login", other).href);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(`${other.origin}/feed`);
  await expect(pageTitle(page)).toHaveText("Feed");
});
