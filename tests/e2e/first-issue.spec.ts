import { expect, test } from "@playwright/test";
import { audit } from "./accessibility-support";
import { finishOnboardingByApi, horizontalOverflow, newAccount, signedInReader } from "./support";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a new reader signs up, sends themselves a sample issue from the empty feed and finds it there", async ({ page }) => {
  const account = newAccount("first-issue");
  await page.goto("/register");
  await page.getByLabel("Full name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await finishOnboardingByApi(page.request);
  await page.reload();

  const guide = page.getByRole("region", { name: "Get your first issue" });
  await expect(guide.getByText("No newsletters in your feed yet.")).toBeVisible();
  const address = await guide.getByTestId("feed-unique-email").innerText();
  expect(address).toMatch(/@/);
  await guide.getByRole("button", { name: "Copy your Paperboy address" }).click();
  await expect(guide.getByRole("button", { name: /Copied!/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  // The three ways in lead to Settings; the sample is sent from the keyboard.
  await expect(guide.getByRole("link", { name: "Connect a mailbox" })).toHaveAttribute("href", "/settings#mailboxes");
  await expect(guide.getByRole("link", { name: "Import mail" })).toHaveAttribute("href", "/settings#import");
  await guide.getByRole("button", { name: "Send me a sample issue" }).focus();
  await page.keyboard.press("Enter");

  const issue = page.getByRole("article", { name: /^Your first newsletter/ });
  await expect(issue).toBeVisible({ timeout: 5_000 });
  await expect(guide).toBeHidden();
  await issue.getByRole("link", { name: /^Your first newsletter/ }).click();
  await expect(page).toHaveURL(/\/emails\/\d+$/);
});

for (const theme of ["light", "dark"] as const) {
  test(`the empty feed's guide fits a phone and a desktop, and passes an accessibility audit in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((chosen) => localStorage.setItem("theme", chosen), theme);
    await signedInReader(page);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto("/feed");
      const guide = page.getByRole("region", { name: "Get your first issue" });
      await expect(guide.getByRole("button", { name: "Send me a sample issue" })).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      await guide.getByText("Forward newsletters from Gmail").click();
      await expect(guide.getByText("Create filter").first()).toBeVisible();
      expect(await audit(page, `/feed empty at ${viewport.width}, ${theme}`)).toEqual([]);
    }
  });
}

test("a sample that cannot be sent says why, and the button works again", async ({ page }) => {
  await signedInReader(page);
  await page.route("**/api/users/me/sample-issue", (route) =>
    route.fulfill({ status: 429, headers: { "retry-after": "3600" }, json: { detail: "Too many attempts. Please try again later." } }),
  );
  await page.goto("/feed");
  const guide = page.getByRole("region", { name: "Get your first issue" });
  await guide.getByRole("button", { name: "Send me a sample issue" }).click();
  await expect(guide.getByRole("alert")).toHaveText("Too many attempts. Please try again later.");
  await expect(guide.getByRole("button", { name: "Send me a sample issue" })).toBeEnabled();
});

test("a filtered feed that shows nothing is not mistaken for a new reader's", async ({ page }) => {
  await signedInReader(page);
  await page.goto("/feed?search=nothing-matches-this");
  await expect(page.getByText("No newsletters in your feed yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send me a sample issue" })).toHaveCount(0);
});

test("the empty feed's ways in lead to the mailbox and import sections of Settings", async ({ page }) => {
  await signedInReader(page);
  for (const [link, section] of [
    ["Connect a mailbox", "Connected mailboxes"],
    ["Import mail", "Import"],
  ] as const) {
    await page.goto("/feed");
    await page.getByRole("region", { name: "Get your first issue" }).getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`/settings#${section === "Import" ? "import" : "mailboxes"}$`));
    await expect(page.getByRole("region", { name: section, exact: true })).toBeInViewport();
  }
});
