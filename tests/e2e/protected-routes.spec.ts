import { expect, test } from "@playwright/test";
import { finishOnboardingByApi, newAccount, openInApp, pageTitle, registerByApi, signedInReader } from "./support";

test("a logged-out visitor to a protected page logs in and comes back to it", async ({ page, playwright, baseURL }) => {
  const setup = await playwright.request.newContext({ baseURL });
  const { account } = await registerByApi(setup, newAccount("returning"));
  await finishOnboardingByApi(setup);
  await setup.dispose();

  await page.goto("/subscriptions?view=folders");
  await expect(page).toHaveURL(/\/login\?next=%2Fsubscriptions%3Fview%3Dfolders$/);

  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();

  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/subscriptions\?view=folders$/);
  await expect(page.getByTestId("app-header").getByRole("heading")).toHaveText("Subscriptions");
});

test("the server turns away a request without a session before any page is drawn", async ({ request }) => {
  for (const path of [
    "/feed",
    "/settings",
    "/emails/3?showComments=true",
    "/newsletter/2",
    "/newsletters/2",
    "/discover",
    "/subscriptions",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    const location = new URL(response.headers().location, "http://localhost");
    expect(`${location.pathname}${location.search}`, path).toBe(`/login?next=${encodeURIComponent(path)}`);
  }
  const open = await request.get("/login", { maxRedirects: 0 });
  expect(open.status()).toBe(200);
});

test("the login form checks its fields before calling the server", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Email and password are required." })).toBeVisible();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("whatever1");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please enter a valid email address." })).toBeVisible();
});

for (const next of ["//evil.example/feed", "/.//evil.example/feed", "/%2e%2e//evil.example/feed"]) {
  test(`an outside address in \`next\` (${next}) is ignored after login`, async ({ page, playwright, baseURL }) => {
    const setup = await playwright.request.newContext({ baseURL });
    const { account } = await registerByApi(setup, newAccount("next"));
    await finishOnboardingByApi(setup);
    await setup.dispose();

    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(`${baseURL}/feed`);
  });
}

test("a signed-in reader is sent from the guest pages to the feed", async ({ page }) => {
  const { user } = await signedInReader(page);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/feed$/);
  await page.goto("/register");
  await expect(page).toHaveURL(/\/feed$/);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(user.username);
  await expect(page.getByRole("link", { name: "Go to my feed" })).toHaveAttribute("href", "/feed");
  await expect(page.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
});

test("unknown pages go home while unknown API paths still answer JSON", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/:\d+\/$/);
  // Under a protected page's path, but no page of its own: home, not the login page.
  await page.goto("/feed/no-such-page");
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible();

  await signedInReader(page);
  const response = await page.request.get("/api/no-such-thing");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ detail: "Not found" });
});

test("a stale session cookie is caught by the session check", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "paperboy.session_token", value: "stale", url: baseURL }]);
  await page.goto("/discover");
  await expect(page).toHaveURL(/\/login\?next=%2Fdiscover$/);
});

test("the protected area says 'Authenticating...' while the session is checked", async ({ page }) => {
  await signedInReader(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/users/me", async (route) => {
    await held;
    await route.fallback();
  });
  await openInApp(page, "/settings");
  await expect(page.getByRole("status").filter({ hasText: "Authenticating..." })).toBeVisible();
  release();
  await expect(pageTitle(page)).toHaveText("Settings");
});

test("the protected area waits behind a spinner until the first subscription list is there", async ({ page }) => {
  await signedInReader(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/users/me/subscriptions", async (route) => {
    await held;
    await route.fallback();
  });
  await openInApp(page, "/settings");
  await expect(pageTitle(page)).toHaveText("Settings");
  await expect(page.locator("#main").getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
  await expect(page.getByTestId("logged-in-as")).toBeHidden();
  release();
  await expect(page.getByTestId("logged-in-as")).toBeVisible();
  await expect(page.locator("#main").getByRole("status")).toHaveCount(0);
});
