import { expect, test } from "@playwright/test";
import { articleHtml, deliver } from "./reading-support";
import { openInApp, signedInReader } from "./support";

test("a reader acts on a pending confirmation and confirms an unconfirmed newsletter from its card", async ({ page }) => {
  const { user } = await signedInReader(page);
  await deliver(page.request, user.unique_email, {
    subject: "Small wins",
    from: "Quiet Letter <hello@quiet.example>",
    html: articleHtml("Small wins"),
  });
  await deliver(page.request, user.unique_email, {
    subject: "Please confirm your subscription to Cool Letter",
    from: "Cool Letter <hi@cool.example>",
    html: '<p>Please confirm your subscription. <a href="https://cool.example/confirm?t=abc">Confirm subscription</a></p>',
  });

  await page.goto("/feed");
  const pending = page.getByRole("article", { name: /^Pending confirmation: Please confirm your subscription/ });
  const confirm = pending.getByRole("link", { name: "Confirm" });
  await expect(confirm).toHaveAttribute("href", /^https:\/\/cool\.example\/confirm/);
  await expect(confirm).toHaveAttribute("target", "_blank");
  await expect(confirm).toHaveAttribute("rel", "noopener noreferrer");
  await pending.getByRole("button", { name: "Dismiss" }).click();
  await expect(pending).toBeHidden();

  const icon = page.getByRole("button", { name: /^Confirm subscription to Quiet Letter/ });
  await icon.click();
  const dialog = page.getByRole("dialog", { name: "Confirm subscription" });
  await dialog.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(dialog).toBeHidden();
  await expect(icon).toBeHidden();

  await page.reload();
  await expect(page.getByRole("article", { name: "Small wins" })).toBeVisible();
  await expect(icon).toBeHidden();
  await expect(pending).toBeHidden();
});

test("the issue page offers to confirm the subscription until it is active", async ({ page }) => {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, {
    subject: "Field report",
    from: "Field Report <desk@report.example>",
    html: articleHtml("Field report"),
  });

  await page.goto(`/emails/${id}`);
  await expect(page.getByRole("link", { name: "Field Report" })).toHaveAttribute("href", /^\/newsletter\/\d+$/);
  const button = page.getByRole("button", { name: "Confirm Subscription" });
  // While the request and the refetch it starts are in flight the button says 'Subscribing...': a reload
  // then would cut them short, so the journey waits for the answer and for the button to go altogether.
  const either = page.getByRole("button", { name: /^(Confirm Subscription|Subscribing\.\.\.)$/ });
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/newsletters/subscribe",
  );
  await button.click();
  expect((await answered).status()).toBe(200);
  await expect(either).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Field report" })).toBeVisible();
  await expect(button).toBeHidden();
});

test("confirming a newsletter whose id is missing says so in an alert, on the card and on the issue page", async ({ page }) => {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, {
    subject: "Nameless",
    from: "Nameless <hi@nameless.example>",
    html: articleHtml("Nameless"),
  });
  const withoutId = (email: Record<string, unknown>) => ({
    ...email,
    newsletter_metadata_id: null,
    is_subscribed: false,
    is_forwarded: false,
  });
  await page.route("**/api/issues/feed?**", async (route) => {
    const answer = await (await route.fetch()).json();
    await route.fulfill({ json: { ...answer, items: answer.items.map(withoutId) } });
  });
  // The issue itself, and the copy marking it read sends back.
  await page.route(new RegExp(`/api/issues/${id}(/interactions)?$`), async (route) =>
    route.fulfill({ json: withoutId(await (await route.fetch()).json()) }),
  );
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  const message = "Could not subscribe to this newsletter. The required ID is missing. Please try again later.";

  await openInApp(page, "/feed");
  await page.getByRole("button", { name: /^Confirm subscription to Nameless/ }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm subscription" });
  await dialog.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(message);
  expect(alerts).toEqual([`alert: ${message}`]);

  await openInApp(page, `/emails/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Nameless" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm Subscription" }).click();
  await expect(page.getByText(message)).toBeVisible();
  expect(alerts).toEqual([`alert: ${message}`, `alert: ${message}`]);
  // Leaving the page reports the reading time; its answer may still be in the route when the page closes.
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
