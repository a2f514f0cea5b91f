import { expect, type APIRequestContext, type Page } from "@playwright/test";

export type Account = { name: string; email: string; password: string };

/** A fresh account per test, so tests never depend on one another. */
export function newAccount(label = "reader"): Account {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { name: `E2E ${label} ${tag}`, email: `e2e-${label}-${tag}@example.com`, password: `pass-${tag}` };
}

type UserAnswer = { user: { username: string; email: string; unique_email: string } };

/** Registers through the API; the request context keeps the session cookie it gets back. */
export async function registerByApi(request: APIRequestContext, account: Account = newAccount()) {
  const response = await request.post("/api/auth/register", { data: account });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as UserAnswer;
  return { account, user };
}

export async function finishOnboardingByApi(request: APIRequestContext) {
  const response = await request.patch("/api/users/me", { data: { model_metadata_field: { onboarded: true } } });
  expect(response.status()).toBe(200);
}

/** A signed-in page whose user has already been through onboarding. */
export async function signedInReader(page: Page) {
  const registered = await registerByApi(page.request);
  await finishOnboardingByApi(page.request);
  return registered;
}

export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Whether keyboard focus is inside the open dialog named `name`. */
export async function focusInDialog(page: Page, name?: string): Promise<boolean> {
  return page.evaluate((label) => {
    const dialog = document.activeElement?.closest("[role=dialog]");
    return Boolean(dialog) && (label === undefined || dialog?.getAttribute("aria-label") === label);
  }, name);
}

/** The protected header's title (docs/spec.md: the last path segment). */
export function pageTitle(page: Page) {
  return page.getByTestId("app-header").getByRole("heading");
}

/** The feed's filters and sort fold behind one button: opens them when they are closed. */
export async function openFeedFilters(page: Page) {
  const toggle = page.getByRole("button", { name: /^Filters/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

/**
 * Waits for the issue frame titled `title` to have loaded: whatever its content could set off while loading (an
 * image's error, an SVG's load) has had its turn by then. Playwright's own load event, so nothing runs in the frame.
 */
export async function frameLoaded(page: Page, title: string): Promise<void> {
  const frame = await (await page.locator(`iframe[title="${title}"]`).elementHandle())?.contentFrame();
  if (!frame) throw new Error(`No frame titled ${title}`);
  await frame.waitForLoadState("load");
}

/**
 * Opens `path` as a client-side navigation, as the sidebar's links do: the page then fetches its data in the
 * browser, which a first request (drawn on the server, docs/contract.md 8.1) does not. For journeys that watch
 * or hold those fetches. It starts from a page that reads nothing of the reader, once the router is there.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto("/forgot-password");
  await page.waitForFunction(() => "next" in window && Boolean((window as { next?: { router?: unknown } }).next?.router));
  await page.evaluate(
    (target) => (window as unknown as { next: { router: { push: (href: string) => void } } }).next.router.push(target),
    path,
  );
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}
