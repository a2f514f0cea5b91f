import { expect, test, type Page, type Request } from "@playwright/test";
import { articleHtml, deliver, issueCard } from "./reading-support";
import { signedInReader } from "./support";

/** The API calls the page makes, by path and query, and those cut off before their answer. */
function apiCalls(page: Page) {
  const sent: string[] = [];
  const failed: string[] = [];
  const name = (request: Request) => {
    const url = new URL(request.url());
    return `${request.method()} ${url.pathname}${url.search}`;
  };
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) sent.push(name(request));
  });
  page.on("requestfailed", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) failed.push(name(request));
  });
  const count = (prefix: string) => sent.filter((call) => call === prefix || call.startsWith(`${prefix}?`)).length;
  return { sent, failed, count };
}

test("a full load of the feed asks for its page while the session is still checked, and for each answer once", async ({ page }) => {
  const { user } = await signedInReader(page);
  await deliver(page.request, user.unique_email, { subject: "Early edition", html: articleHtml("Early edition") });
  const calls = apiCalls(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/users/me", async (route) => {
    await held;
    await route.fallback();
  });

  await page.goto("/feed");
  await expect(page.getByRole("status").filter({ hasText: "Authenticating..." })).toBeVisible();
  // Asked for with the page, not after the session check: the feed's answer is there when the check is.
  await expect.poll(() => calls.count("GET /api/issues/feed")).toBeGreaterThan(0);
  await expect.poll(() => calls.count("GET /api/users/me/subscriptions")).toBe(1);
  release();
  await expect(issueCard(page, "Early edition")).toBeVisible();

  expect(calls.count("GET /api/users/me")).toBe(1);
  expect(calls.count("GET /api/users/me/subscriptions")).toBe(1);
  // The page of the feed and the confirmations waiting above it, each once.
  expect(calls.sent.filter((call) => call.startsWith("GET /api/issues/feed?page=1&"))).toHaveLength(1);
  expect(calls.sent.filter((call) => call.startsWith("GET /api/issues/feed?kind=confirmation&"))).toHaveLength(1);
  expect(calls.failed).toEqual([]);
});
