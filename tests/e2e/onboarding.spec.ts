import { expect, test } from "@playwright/test";
import { focusInDialog, newAccount, pageTitle, registerByApi } from "./support";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a new reader registers, goes through onboarding, copies their address and logs out", async ({ page, playwright, baseURL }) => {
  // Someone else already holds an address the new reader will try to take.
  const other = await playwright.request.newContext({ baseURL });
  const { user: otherUser } = await registerByApi(other, newAccount("holder"));
  await other.dispose();
  const takenLocal = otherUser.unique_email.split("@")[0];

  const account = newAccount("onboard");
  await page.goto("/register");
  await page.getByLabel("Full name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/feed$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await expect(dialog.getByRole("img", { name: "Step 1 of 3" })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(dialog.getByRole("img", { name: "Step 1 of 3" })).toBeVisible();
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  expect(await focusInDialog(page)).toBe(true);
  await dialog.getByRole("button", { name: "Get Started" }).click();

  await expect(dialog.getByRole("img", { name: "Step 2 of 3" })).toBeVisible();
  const local = dialog.getByLabel("Your unique email");
  const domain = (await dialog.locator("#unique-domain").innerText()).replace("@", "");
  expect(domain).not.toBe("");

  await local.fill(takenLocal);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("This address is already taken.");
  await expect(dialog.getByRole("img", { name: "Step 2 of 3" })).toBeVisible();

  const chosen = `pb-${Date.now().toString(36)}`;
  await local.fill(chosen);
  await dialog.getByRole("button", { name: "Save" }).click();

  await expect(dialog.getByRole("img", { name: "Step 3 of 3" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Popular newsletters" })).toBeVisible();
  await expect(dialog.getByText("Loading newsletters...")).toBeHidden();
  // The dialog closes at once; the reload must wait for the save behind it.
  const saved = page.waitForResponse((response) => response.url().endsWith("/api/users/me") && response.request().method() === "PATCH");
  await dialog.getByRole("button", { name: "Explore The App" }).click();
  await expect(dialog).toBeHidden();
  expect((await saved).ok()).toBe(true);

  await page.reload();
  await expect(pageTitle(page)).toHaveText("Feed");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const address = `${chosen}@${domain}`;
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(pageTitle(page)).toHaveText("Settings");
  const username = await page.locator("[data-testid=logged-in-as] strong").innerText();
  await expect(page.getByTestId("logged-in-as")).toHaveText(`Logged in as: ${username} (${account.email})`);
  await expect(page.getByRole("heading", { name: "Your Unique Email" })).toBeVisible();
  await expect(page.getByText("Forward your newsletters to this address to get them in your Paperboy feed.")).toBeVisible();
  await expect(page.getByTestId("unique-email")).toHaveText(address);

  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(page.getByRole("button", { name: "Copy" })).toBeVisible({ timeout: 4_000 });

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("link", { name: "Sign up — it's free" })).toBeVisible();
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/);
});

const POPULAR = [
  {
    id: 9001,
    name: "The Morning Brief",
    publisher: "Brief Media",
    description: "News in five minutes.",
    logoUrl: null,
    total_subscribers: 1200,
    sending_frequency: "Daily",
    categories: [{ id: 1, name: "News", emoji: "📰" }],
  },
  {
    id: 9002,
    name: "Deep Code",
    publisher: "Ada Works",
    description: "Programming essays.",
    logoUrl: null,
    total_subscribers: 300,
    sending_frequency: "Weekly",
    categories: [],
  },
];

test("onboarding lists popular newsletters and opening one ends onboarding", async ({ page }) => {
  await registerByApi(page.request, newAccount("popular"));
  await page.route("**/api/newsletters/popular", (route) => route.fulfill({ json: { items: POPULAR } }));

  await page.goto("/feed");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Get Started" }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("img", { name: "Step 3 of 3" })).toBeVisible();

  const list = dialog.getByRole("list", { name: "Popular newsletters" });
  await expect(list.getByRole("link")).toHaveCount(2);
  const first = list.getByRole("link", { name: /The Morning Brief/ });
  await expect(first).toHaveAttribute("href", "/newsletters/9001");
  await first.click();

  await expect(page).toHaveURL(/\/newsletter\/9001$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.reload();
  await expect(page).toHaveURL(/\/newsletter\/9001$/);
  await expect(page.getByRole("status").filter({ hasText: "Authenticating..." })).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("onboarding keeps going when popular newsletters cannot be loaded", async ({ page }) => {
  await registerByApi(page.request, newAccount("offline"));
  await page.route("**/api/newsletters/popular", (route) => route.fulfill({ status: 500, json: { detail: "Internal server error" } }));
  await page.route("**/api/users/me", (route) =>
    route.request().method() === "PATCH" ? route.fulfill({ status: 500, json: { detail: "Internal server error" } }) : route.fallback(),
  );

  await page.goto("/feed");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Get Started" }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Popular newsletters could not be loaded right now. You can find them later in Discover.")).toBeVisible();

  // A failed save keeps the dialog on its last step, with the server's words.
  await dialog.getByRole("button", { name: "Explore The App" }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toHaveText("Internal server error");
  await expect(page.getByRole("dialog").getByRole("img", { name: "Step 3 of 3" })).toBeVisible();

  await page.unroute("**/api/users/me");
  await page.getByRole("dialog").getByRole("button", { name: "Explore The App" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a reload before the onboarded save lands does not bring onboarding back", async ({ page }) => {
  await registerByApi(page.request, newAccount("reload"));
  // The first save never reaches the server, as if the page reloaded while it was on its way.
  let held = 0;
  await page.route("**/api/users/me", (route) => {
    if (route.request().method() !== "PATCH" || held > 0) return route.fallback();
    held += 1;
  });

  await page.goto("/feed");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Get Started" }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.getByRole("button", { name: "Explore The App" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => held).toBe(1);
  expect((await (await page.request.get("/api/users/me")).json()).model_metadata_field.onboarded).toBe(false);

  const resent = page.waitForResponse((response) => response.url().endsWith("/api/users/me") && response.request().method() === "PATCH");
  await page.reload();
  await expect(pageTitle(page)).toHaveText("Feed");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect((await resent).ok()).toBe(true);
  expect((await (await page.request.get("/api/users/me")).json()).model_metadata_field.onboarded).toBe(true);
});

test("the page answers as soon as onboarding closes, before the save behind it has", async ({ page }) => {
  await registerByApi(page.request, newAccount("closing"));
  let answerSave = () => {};
  const saveAnswered = new Promise<void>((resolve) => (answerSave = resolve));
  await page.route("**/api/users/me", async (route) => {
    if (route.request().method() !== "PATCH") return route.fallback();
    await saveAnswered;
    await route.fallback();
  });

  await page.goto("/feed");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Get Started" }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.getByRole("button", { name: "Explore The App" }).click();
  await expect(dialog).toBeHidden();

  // The save is still held: what the dialog covered takes a click (and a screen reader) already.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click({ timeout: 5_000 });
  await expect(page).toHaveURL(/\/settings$/);
  const saved = page.waitForResponse((response) => response.url().endsWith("/api/users/me") && response.request().method() === "PATCH");
  answerSave();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByRole("heading", { name: "Your Unique Email" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
