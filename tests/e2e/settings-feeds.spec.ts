import { expect, test } from "@playwright/test";
import { articleHtml, deliver } from "./reading-support";
import { signedInReader } from "./support";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a reader copies a private feed address from Settings, and making new addresses after confirming retires the old ones", async ({
  page,
}) => {
  const { user } = await signedInReader(page);
  await deliver(page.request, user.unique_email, {
    subject: "Notes for feed readers",
    from: "Feed Notes <notes@feednotes.example>",
    html: articleHtml("Notes for feed readers"),
  });

  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Feeds" });
  // Feeds are in the Reading tab; their addresses wait behind a disclosure, so the section has no Copy button yet.
  await expect(page.getByRole("button", { name: "Copy" })).toHaveCount(1);
  await page.getByRole("tab", { name: "Reading" }).click();
  await expect(section.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
  await section.getByRole("button", { name: "Show feed addresses" }).click();
  await expect(section.getByRole("button", { name: "Hide feed addresses" })).toHaveAttribute("aria-expanded", "true");
  await expect(section.getByRole("heading", { name: /All newsletters/ })).toBeVisible();
  await expect(section.getByRole("heading", { name: /Feed Notes/ })).toBeVisible();
  await section.getByRole("button", { name: "Copy Atom feed address of All newsletters" }).click();
  await expect(section.getByRole("button", { name: "Copied! Atom feed address of All newsletters" })).toBeVisible();
  const oldUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(oldUrl).toMatch(/\/feeds\/[A-Za-z0-9_-]{43}\/all\.atom$/);
  await expect(section.getByText(oldUrl, { exact: true })).toBeVisible();
  expect((await page.request.get(oldUrl)).status()).toBe(200);

  // Declining the confirmation keeps the addresses.
  page.once("dialog", (dialog) => dialog.dismiss());
  await section.getByRole("button", { name: "Make new feed addresses" }).click();
  await expect(section.getByText(oldUrl, { exact: true })).toBeVisible();

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Make new feed addresses? Every feed address you use now stops working, in every feed reader.");
    return dialog.accept();
  });
  await section.getByRole("button", { name: "Make new feed addresses" }).click();
  await expect(section.getByRole("status")).toHaveText("New feed addresses are ready. The old ones no longer work.");
  await expect(section.getByText(oldUrl, { exact: true })).toBeHidden();
  expect((await page.request.get(oldUrl)).status()).toBe(404);
});
