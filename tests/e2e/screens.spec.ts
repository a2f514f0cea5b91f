import { expect, test, type Page } from "@playwright/test";
import { finishOnboardingByApi, newAccount, openInApp, registerByApi, signedInReader } from "./support";

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
    // Sections that answer late grow the page above the last one: scroll once it has stopped growing.
    await page.waitForLoadState("networkidle");

    // A logo that loads after the scroll can still push the foot down: scroll again until the last section shows.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.locator(section)).toBeInViewport({ timeout: 1_000 });
    }).toPass();
    await expect(last).toHaveAttribute("aria-current", "true");
    await expect(chips.locator("[aria-current=true]")).toHaveCount(1);
  });
});

test("Discover's subscribe flow alerts its messages, and they stay on the page", async ({ page }) => {
  await page.addInitScript(() => {
    // Subscribe pages are on publishers' sites, which this machine cannot reach.
    window.open = () => null;
    Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
  });
  const dialogs = recordDialogs(page);
  await signedInReader(page);
  const newsletter = await firstFeatured(page);

  await page.goto("/discover");
  const featured = page.getByRole("list", { name: "Featured newsletters" });
  await featured.getByRole("button", { name: `Subscribe to ${newsletter.name}` }).click();
  const copyFailed = "Could not copy email to clipboard. Please copy it manually.";
  await expect(page.getByRole("alert").filter({ hasText: copyFailed })).toBeVisible();
  expect(dialogs).toEqual([`alert: ${copyFailed}`]);

  const modal = page.getByRole("dialog", { name: `Subscribe to ${newsletter.name}` });
  await page.route("**/api/newsletters/subscribe", (route) => route.fulfill({ status: 500, json: { detail: "Internal server error" } }), {
    times: 1,
  });
  await modal.getByRole("button", { name: "I've Subscribed" }).click();
  const confirmFailed = "Failed to confirm subscription. Please try again.";
  await expect(modal.getByRole("alert")).toHaveText(confirmFailed);
  expect(dialogs.at(-1)).toBe(`alert: ${confirmFailed}`);

  await modal.getByRole("button", { name: "I've Subscribed" }).click();
  await expect(modal).toBeHidden();
  const subscribed = `You're subscribed to ${newsletter.name}.`;
  await expect(page.getByRole("status").filter({ hasText: subscribed })).toBeVisible();
  expect(dialogs.at(-1)).toBe(`alert: ${subscribed}`);
});

test("Discover alerts when a newsletter has no subscription page", async ({ page }) => {
  const dialogs = recordDialogs(page);
  await signedInReader(page);
  const newsletter = await firstFeatured(page);
  await page.route("**/api/newsletters/featured", (route) =>
    route.fulfill({ json: { items: [{ ...newsletter, subscribe_page_url: null, websiteUrl: null, newsletter_url: null }] } }),
  );

  await openInApp(page, "/discover");
  await page
    .getByRole("list", { name: "Featured newsletters" })
    .getByRole("button", { name: `Subscribe to ${newsletter.name}` })
    .click();
  const noPage = "No subscription page found for this newsletter.";
  await expect(page.getByRole("alert").filter({ hasText: noPage })).toBeVisible();
  expect(dialogs).toEqual([`alert: ${noPage}`]);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("My Subscriptions names its sections in SPEC's words and says why a folder could not be deleted", async ({ page }) => {
  const dialogs = recordDialogs(page);
  await signedInReader(page);
  expect((await page.request.post("/api/users/me/folders", { data: { name: "Later" } })).status()).toBe(201);

  await page.goto("/subscriptions");
  const lists = page.getByRole("navigation", { name: "Subscription lists" });
  // What a reader sees, after styling: no capitals the specification does not have.
  for (const words of ["My Activity", "Folders"]) {
    await expect(lists.getByRole("heading", { name: words, exact: true })).toBeVisible();
    expect(await lists.getByRole("heading", { name: words, exact: true }).innerText()).toBe(words);
  }

  await page.route("**/api/users/me/folders/*", (route) =>
    route.request().method() === "DELETE" ? route.fulfill({ status: 404, json: { detail: "Folder not found" } }) : route.fallback(),
  );
  await lists.getByRole("button", { name: "Delete folder Later" }).click();
  await expect(lists.getByRole("alert")).toHaveText("Folder not found");
  expect(dialogs).toEqual(["confirm: Are you sure you want to delete this folder?"]);
});

test("after logging in, going back shows the landing page signed in", async ({ page, playwright, baseURL }) => {
  const setup = await playwright.request.newContext({ baseURL });
  const { account, user } = await registerByApi(setup, newAccount("back"));
  await finishOnboardingByApi(setup);
  await setup.dispose();

  await page.goto("/");
  await page.getByRole("link", { name: "Log in" }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByTestId("app-header").getByRole("heading")).toHaveText("Feed");

  await page.goBack();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(user.username);
  await expect(page.getByRole("link", { name: "Go to my feed" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in" })).toHaveCount(0);
});
