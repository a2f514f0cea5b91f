import { expect, test } from "@playwright/test";

// Google's SDK cannot load on the test machine; the button must say so quickly, not after the 30 s timeout.
for (const path of ["/login", "/register"]) {
  test(`the Google button on ${path} reports that Google is not available`, async ({ page }) => {
    const started = Date.now();
    await page.goto(path);
    const message = page.getByRole("alert").filter({ hasText: "Google" });
    await expect(message).toHaveText("Google authentication is not available. Please try again.", { timeout: 12_000 });
    expect(Date.now() - started).toBeLessThan(12_000);

    // "Please try again": a click retries the load and ends in the same clear message.
    await page.getByRole("button", { name: /with Google/ }).click();
    await expect(message).toHaveText("Google authentication is not available. Please try again.");
    await expect(page.getByRole("button", { name: /with Google/ })).toBeEnabled();
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
