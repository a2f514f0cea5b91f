import { expect, test } from "@playwright/test";
import { articleHtml, deliver, HOUR, issueCard } from "./reading-support";
import { signedInReader } from "./support";

test("a reader narrows the feed with operators, saves the search, and reopens it from the sidebar", async ({ page }) => {
  const { user } = await signedInReader(page);
  const now = Date.now();
  const garden = "Garden Weekly <hello@garden.example>";
  await deliver(page.request, user.unique_email, {
    subject: "Tomatoes in July",
    from: garden,
    html: articleHtml("Tomatoes"),
    date: new Date(now - HOUR),
  });
  await deliver(page.request, user.unique_email, {
    subject: "Compost matters",
    from: garden,
    html: articleHtml("Compost"),
    date: new Date(now - 2 * HOUR),
  });
  await deliver(page.request, user.unique_email, {
    subject: "Harbour tides",
    from: "Harbour Post <news@harbour.example>",
    html: articleHtml("Tides"),
    date: new Date(now - 3 * HOUR),
  });

  await page.goto("/feed");
  await expect(issueCard(page, "Harbour tides")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search your feed" }).fill("from:garden.example -compost");
  await expect(issueCard(page, "Compost matters")).toHaveCount(0);
  await expect(issueCard(page, "Harbour tides")).toHaveCount(0);
  await expect(issueCard(page, "Tomatoes in July")).toBeVisible();
  await expect(page).toHaveURL(/search=from%3Agarden\.example\+-compost/);

  // The operators are listed behind a button a keyboard reaches.
  const tips = page.getByRole("button", { name: "Search tips" });
  await tips.focus();
  await page.keyboard.press("Enter");
  await expect(tips).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText("received before that day (UTC)")).toBeVisible();

  await page.getByRole("button", { name: "Save this search" }).click();
  const form = page.getByRole("form", { name: "Save this search" });
  await form.getByRole("textbox", { name: "Name of the saved search" }).fill("Garden, no compost");
  await form.getByRole("button", { name: "Save" }).click();
  const sidebar = page.getByRole("complementary");
  const saved = sidebar.getByRole("link", { name: "Garden, no compost" });
  await expect(saved).toBeVisible();

  await page.goto("/discover");
  await sidebar.getByRole("link", { name: "Garden, no compost" }).click();
  await expect(page).toHaveURL(/\/feed\?search=from%3Agarden\.example\+-compost$/);
  await expect(page.getByRole("searchbox", { name: "Search your feed" })).toHaveValue("from:garden.example -compost");
  await expect(issueCard(page, "Tomatoes in July")).toBeVisible();
  await expect(issueCard(page, "Compost matters")).toHaveCount(0);
  await expect(issueCard(page, "Harbour tides")).toHaveCount(0);

  page.once("dialog", (dialog) => void dialog.accept());
  await sidebar.getByRole("button", { name: "Delete saved search Garden, no compost" }).click();
  await expect(saved).toHaveCount(0);
  await page.reload();
  await expect(issueCard(page, "Tomatoes in July")).toBeVisible();
  await expect(page.getByRole("complementary").getByRole("link", { name: "Garden, no compost" })).toHaveCount(0);
});

test("a malformed date in the search says what is wrong instead of listing issues", async ({ page }) => {
  await signedInReader(page);
  await page.goto(`/feed?search=${encodeURIComponent("after:2024-02-30")}`);
  await expect(page.getByText("Error 422: after: takes a date as YYYY-MM-DD, like after:2024-01-31.")).toBeVisible();
});
