import { expect, test } from "@playwright/test";
import { articleHtml, deliver, issueCard } from "./reading-support";
import { signedInReader } from "./support";

test("an issue that arrives while the feed is open waits behind '1 new issue' until the reader brings it in, and the tab counts unread issues", async ({
  page,
}) => {
  const { user } = await signedInReader(page);
  await deliver(page.request, user.unique_email, { subject: "Yesterday's news", html: articleHtml("Yesterday's news") });

  const streamOpen = page.waitForResponse((response) => response.url().endsWith("/api/users/me/events"));
  await page.goto("/feed");
  await expect(issueCard(page, "Yesterday's news")).toBeVisible();
  expect((await streamOpen).headers()["content-type"]).toMatch(/^text\/event-stream/);
  await expect(page).toHaveTitle(/^\(1\) /);

  await deliver(page.request, user.unique_email, { subject: "Hot off the press", html: articleHtml("Hot off the press") });
  const notice = page.getByRole("button", { name: "1 new issue" });
  await expect(notice).toBeVisible({ timeout: 5_000 });
  await expect(page).toHaveTitle(/^\(2\) /);
  // The list does not change under the reader by itself.
  await expect(issueCard(page, "Hot off the press")).toHaveCount(0);
  await expect(page.getByRole("article")).toHaveCount(1);

  await notice.click();
  await expect(issueCard(page, "Hot off the press")).toBeVisible();
  await expect(page.getByRole("article").first()).toHaveAccessibleName("Hot off the press");
  await expect(notice).toHaveCount(0);

  // Reading one counts it off.
  await page.getByRole("link", { name: "Hot off the press", exact: true }).click();
  await expect(page).toHaveURL(/\/emails\/\d+$/);
  await expect(page).toHaveTitle(/^\(1\) /);
});
