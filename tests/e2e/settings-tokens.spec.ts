import { expect, test } from "@playwright/test";
import { audit } from "./accessibility-support";
import { signedInReader } from "./support";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a reader makes an access token, sees it once, a program reads with it, and it stops working once revoked", async ({
  page,
  request,
}) => {
  const reader = await signedInReader(page);
  await page.goto("/settings#tokens");
  const section = page.getByRole("region", { name: "Access tokens" });
  await expect(section.getByText("You have no access tokens.")).toBeVisible();
  await expect(section.getByRole("heading", { name: "Access tokens" })).toBeInViewport();

  // Keyboard only: name, then the scope, then the button.
  await section.getByLabel("Name", { exact: true }).fill("Reader app");
  await section.getByLabel("Name", { exact: true }).press("Tab");
  const access = section.getByLabel("Access", { exact: true });
  await expect(access).toBeFocused();
  await expect(access).toHaveValue("read");
  await access.selectOption("Read and write");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");

  await expect(section.getByText("Copy the token for Reader app now: it will not be shown again.")).toBeVisible();
  const token = (await section.getByTestId("new-token").textContent()) ?? "";
  expect(token).toMatch(/^pb_[A-Za-z0-9_-]{43}$/);
  await section.getByRole("button", { name: "Copy the new access token" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const item = section.getByRole("listitem").filter({ hasText: "Reader app" });
  await expect(item).toContainText("Read and write");
  await expect(item).toContainText("Never used");
  expect(await audit(page, "/settings with a new access token")).toEqual([]);

  // A program, with no cookie of the reader's, uses the token.
  const me = await request.get("/api/users/me", { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: reader.account.email });

  // Shown once: after a reload only its name is left, now with when it was used.
  await page.reload();
  await expect(item).toContainText("Last used");
  await expect(section.getByTestId("new-token")).toHaveCount(0);
  await expect(section).not.toContainText(token);

  page.once("dialog", (dialog) => void dialog.accept());
  await item.getByRole("button", { name: "Revoke Reader app" }).click();
  await expect(section.getByText("Revoked Reader app.")).toBeVisible();
  await expect(section.getByText("You have no access tokens.")).toBeVisible();
  const after = await request.get("/api/users/me", { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  expect(await after.json()).toEqual({ detail: "Not authenticated" });
});
