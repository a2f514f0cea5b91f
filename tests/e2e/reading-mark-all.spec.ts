import { expect, test, type Page } from "@playwright/test";
import { articleHtml, deliver, HOUR, issueCard } from "./reading-support";
import { signedInReader } from "./support";

const unreadDot = (page: Page, subject: string) => issueCard(page, subject).getByText("Unread", { exact: true });

test("mark all as read marks what the search shows, and Undo brings exactly those back", async ({ page }) => {
  const { user } = await signedInReader(page);
  const now = Date.now();
  const read = await deliver(page.request, user.unique_email, {
    subject: "Garden already read",
    html: articleHtml("Garden already read"),
    date: new Date(now - HOUR),
  });
  await deliver(page.request, user.unique_email, {
    subject: "Garden tomatoes",
    html: articleHtml("Garden tomatoes"),
    date: new Date(now - 2 * HOUR),
  });
  await deliver(page.request, user.unique_email, {
    subject: "Garden compost",
    html: articleHtml("Garden compost"),
    date: new Date(now - 3 * HOUR),
  });
  await deliver(page.request, user.unique_email, {
    subject: "Harbour tides",
    html: articleHtml("Harbour tides"),
    date: new Date(now - 4 * HOUR),
  });
  expect((await page.request.put(`/api/issues/${read}/interactions`, { data: { is_read: true, read_duration_seconds: 0 } })).status()).toBe(
    200,
  );

  await page.goto("/feed?search=garden");
  await expect(issueCard(page, "Garden tomatoes")).toBeVisible();
  await expect(issueCard(page, "Harbour tides")).toHaveCount(0);
  await page.getByRole("button", { name: "Mark all as read" }).click();

  // Two issues change: few enough to need no confirmation.
  const status = page.getByRole("status").filter({ hasText: "Marked 2 issues as read." });
  await expect(status).toBeVisible();
  await expect(unreadDot(page, "Garden tomatoes")).toHaveCount(0);
  await expect(unreadDot(page, "Garden compost")).toHaveCount(0);

  await status.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked 2 issues as unread again." })).toBeVisible();
  await expect(unreadDot(page, "Garden tomatoes")).toBeVisible();
  await expect(unreadDot(page, "Garden compost")).toBeVisible();
  // The one read before stays read; the issue the search left out was never touched.
  await expect(unreadDot(page, "Garden already read")).toHaveCount(0);
  await page.goto("/feed");
  await expect(unreadDot(page, "Harbour tides")).toBeVisible();
});

test("mark all as read asks first when more than 20 issues would change", async ({ page }) => {
  const { user } = await signedInReader(page);
  const now = Date.now();
  for (let index = 0; index < 21; index++) {
    await deliver(page.request, user.unique_email, {
      subject: `Dispatch ${index + 1}`,
      html: articleHtml(`Dispatch ${index + 1}`, 50),
      date: new Date(now - (index + 1) * HOUR),
    });
  }
  await page.goto("/feed");
  await page.getByRole("button", { name: "Mark all as read" }).click();
  const dialog = page.getByRole("dialog", { name: "Mark all as read?" });
  await expect(dialog).toContainText("21 issues will be marked as read.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(unreadDot(page, "Dispatch 1")).toBeVisible();

  await page.getByRole("button", { name: "Mark all as read" }).click();
  await page.getByRole("dialog", { name: "Mark all as read?" }).getByRole("button", { name: "Mark 21 issues as read" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked 21 issues as read." })).toBeVisible();
  await expect(unreadDot(page, "Dispatch 1")).toHaveCount(0);
  await page.reload();
  await expect(issueCard(page, "Dispatch 1")).toBeVisible();
  await expect(page.getByRole("list", { name: "Issues" }).getByText("Unread", { exact: true })).toHaveCount(0);
});
