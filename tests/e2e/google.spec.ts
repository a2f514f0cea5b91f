import { expect, test } from "@playwright/test";

// Google's SDK cannot load on the test machine: the button says so when the reader presses it, quickly (not after
// the 30 s timeout), and not to every visitor who only opens the page.
for (const path of ["/login", "/register"]) {
  test(`the Google button on ${path} reports that Google is not available once pressed`, async ({ page }) => {
    await page.goto(path);
    const button = page.getByRole("button", { name: /with Google/ });
    await expect(button).toHaveAttribute("data-sdk-status", "unavailable", { timeout: 12_000 });
    const message = page.getByRole("alert").filter({ hasText: "Google" });
    await expect(message).toHaveCount(0);

    // "Please try again": a press retries the load and ends in the clear message.
    const started = Date.now();
    await button.click();
    await expect(message).toHaveText("Google authentication is not available. Please try again.", { timeout: 12_000 });
    expect(Date.now() - started).toBeLessThan(12_000);
    await expect(button).toBeEnabled();
    await button.click();
    await expect(message).toHaveText("Google authentication is not available. Please try again.");
  });
}

test("the login page links to sign-up and to the external legal pages, which open in their own tab", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/register");
  for (const name of ["Terms of Service", "Privacy Policy"]) {
    const link = page.getByRole("link", { name });
    await expect(link).toHaveAttribute("href", /^https:\/\//);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
});
