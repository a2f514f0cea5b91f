import { expect, test, type Page } from "@playwright/test";
import { registerByApi } from "./support";

// A stand-in for Google's SDK: what `prompt` does is chosen per test through window.__gsiMode.
const FAKE_SDK = `
window.google = { accounts: { id: {
  initialize(config) { window.__gsiConfig = config; },
  prompt(listener) {
    const mode = window.__gsiMode;
    const moment = (notDisplayed, reason, skipped) => ({ isNotDisplayed: () => notDisplayed, getNotDisplayedReason: () => reason, isSkippedMoment: () => skipped });
    if (mode === "credential") Promise.resolve().then(() => window.__gsiConfig.callback({ credential: "header.payload.signature" }));
    if (mode === "empty") Promise.resolve().then(() => window.__gsiConfig.callback({}));
    if (mode === "no-session") listener(moment(true, "opt_out_or_no_session", false));
    if (mode === "https") listener(moment(true, "secure_http_required", false));
    if (mode === "skipped") listener(moment(false, "", true));
  },
  cancel() {},
} } };`;

async function withFakeSdk(page: Page, path = "/login") {
  await page.route("https://accounts.google.com/gsi/client", (route) => route.fulfill({ contentType: "text/javascript", body: FAKE_SDK }));
  await page.goto(path);
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toHaveAttribute("data-sdk-status", "ready");
}

async function signInWith(page: Page, mode: string) {
  await page.evaluate((value) => Object.assign(window, { __gsiMode: value }), mode);
  await page.getByRole("button", { name: /with Google/ }).click();
}

// The login form shows no other alert while only the Google button is used.
const googleAlert = (page: Page) => page.locator("p[role=alert]");

test("each way Google's prompt can end has its own message", async ({ page }) => {
  await withFakeSdk(page);
  const cases: [string, string][] = [
    ["no-session", "Please sign into Google in your browser first, then try again."],
    ["https", "Google sign-in requires HTTPS. Please use a secure connection."],
    ["skipped", "Google sign-in was cancelled."],
    ["empty", "Google authentication failed. No credential received."],
    ["credential", "Invalid Google token. Please try again."],
  ];
  for (const [mode, message] of cases) {
    await signInWith(page, mode);
    await expect(googleAlert(page)).toHaveText(message);
  }
});

test("the server's answer to a Google credential is named by its status", async ({ page }) => {
  await withFakeSdk(page);
  for (const [status, message] of [
    [401, "Google authentication failed. Please check your credentials."],
    [503, "Server error during authentication. Please try again later."],
    [429, "Too many attempts. Please try again later."],
  ] as const) {
    await page.route(
      "**/api/auth/google",
      (route) => route.fulfill({ status, json: { detail: status === 429 ? "Too many attempts. Please try again later." : "nope" } }),
      { times: 1 },
    );
    await signInWith(page, "credential");
    await expect(googleAlert(page)).toHaveText(message);
  }
});

test("a Google sign-in that never answers times out after 30 seconds", async ({ page }) => {
  await page.clock.install();
  await withFakeSdk(page);
  await signInWith(page, "silent");
  await expect(page.getByRole("button", { name: "Connecting to Google..." })).toBeDisabled();
  await page.clock.fastForward(29_000);
  await expect(googleAlert(page)).toHaveCount(0);
  await page.clock.fastForward(1_500);
  await expect(googleAlert(page)).toHaveText("Google authentication timed out. Please try again.");
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeEnabled();
});

test("a successful Google sign-in goes on to the remembered page", async ({ page }) => {
  await withFakeSdk(page, "/login?next=%2Fsettings");
  // The real endpoint needs a token signed by Google; the session comes from a registration instead.
  const { user } = await registerByApi(page.request);
  await page.request.patch("/api/users/me", { data: { model_metadata_field: { onboarded: true } } });
  await page.route("**/api/auth/google", (route) =>
    route.fulfill({ json: { user: { ...user, model_metadata_field: { onboarded: true } } } }),
  );
  await signInWith(page, "credential");
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText(`Logged in as: ${user.username}`)).toBeVisible();
});
