import { expect, test, type Page } from "@playwright/test";
import { articleHtml, deliver, HOUR } from "./reading-support";
import { openFeedFilters, openInApp, signedInReader } from "./support";

async function shownSubjects(page: Page): Promise<string[]> {
  return page
    .getByRole("list", { name: "Issues" })
    .getByRole("article")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label") ?? ""));
}

test("filters, sort and search are kept in the URL and survive a reload", async ({ page }) => {
  const { user } = await signedInReader(page);
  const now = Date.now();
  const bravo = await deliver(page.request, user.unique_email, {
    subject: "Bravo notes",
    html: articleHtml("Bravo notes", 900),
    date: new Date(now - HOUR),
  });
  await deliver(page.request, user.unique_email, {
    subject: "Charlie notes",
    html: articleHtml("Charlie notes", 100),
    date: new Date(now - 2 * HOUR),
  });
  await deliver(page.request, user.unique_email, {
    subject: "Alpha notes",
    html: articleHtml("Alpha notes", 500),
    date: new Date(now - 3 * HOUR),
  });
  const read = await page.request.put(`/api/issues/${bravo}/interactions`, { data: { is_read: true, read_duration_seconds: 0 } });
  expect(read.status()).toBe(200);

  await page.goto("/feed");
  await expect.poll(() => shownSubjects(page)).toEqual(["Bravo notes", "Charlie notes", "Alpha notes"]);

  await openFeedFilters(page);
  await page.getByLabel("Read status").selectOption("unread");
  await expect(page).toHaveURL(/\/feed\?read=unread$/);
  await expect.poll(() => shownSubjects(page)).toEqual(["Charlie notes", "Alpha notes"]);

  await page.getByRole("button", { name: "Sort by Subject" }).click();
  await expect(page).toHaveURL(/\/feed\?read=unread&sort=subject&order=asc$/);
  await expect.poll(() => shownSubjects(page)).toEqual(["Alpha notes", "Charlie notes"]);

  await page.reload();
  await openFeedFilters(page);
  await expect(page.getByLabel("Read status")).toHaveValue("unread");
  await expect(page.getByRole("button", { name: /^Sort by Subject/ })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => shownSubjects(page)).toEqual(["Alpha notes", "Charlie notes"]);

  // The active column flips its order; another column starts ascending.
  await page.getByRole("button", { name: /^Sort by Subject/ }).click();
  await expect(page).toHaveURL(/\/feed\?read=unread&sort=subject$/);
  await expect.poll(() => shownSubjects(page)).toEqual(["Charlie notes", "Alpha notes"]);
  await page.getByRole("button", { name: "Sort by Read time" }).click();
  await expect(page).toHaveURL(/\/feed\?read=unread&sort=time_to_read&order=asc$/);

  await page.getByLabel("Read status").selectOption("all");
  await page.getByRole("button", { name: "Grid", exact: true }).click();
  await expect(page).toHaveURL(/\/feed\?sort=time_to_read&order=asc&view=grid$/);
  await expect.poll(() => shownSubjects(page)).toEqual(["Charlie notes", "Alpha notes", "Bravo notes"]);

  await page.getByLabel("Search your feed").fill("Charlie");
  await expect(page).toHaveURL(/\/feed\?search=Charlie&sort=time_to_read&order=asc&view=grid$/);
  await expect.poll(() => shownSubjects(page)).toEqual(["Charlie notes"]);
  await page.reload();
  await expect(page.getByLabel("Search your feed")).toHaveValue("Charlie");
  await expect(page.getByRole("button", { name: "Grid", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => shownSubjects(page)).toEqual(["Charlie notes"]);
});

test("a new reader sees the empty feed", async ({ page }) => {
  await signedInReader(page);
  await page.goto("/feed");
  await expect(page.getByText("No newsletters in your feed yet.")).toBeVisible();
});

test("a feed holding only a pending confirmation still says it has no newsletters yet", async ({ page }) => {
  const { user } = await signedInReader(page);
  await deliver(page.request, user.unique_email, {
    subject: "Please confirm your subscription to Cool Letter",
    from: "Cool Letter <hi@cool.example>",
    html: '<p>Please confirm your subscription. <a href="https://cool.example/confirm?t=abc">Confirm subscription</a></p>',
  });
  await page.goto("/feed");
  await expect(page.getByRole("article", { name: /^Pending confirmation: Please confirm/ })).toBeVisible();
  await expect(page.getByText("No newsletters in your feed yet.")).toBeVisible();
});

test("the feed says 'Loading feed...', then 'Updating...' on a filter change, and names a failed call's status", async ({ page }) => {
  const { user } = await signedInReader(page);
  await deliver(page.request, user.unique_email, { subject: "Delta notes", html: articleHtml("Delta notes") });
  // Feed answers wait at a gate while it is closed.
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const close = () => (gate = new Promise<void>((resolve) => (open = resolve)));
  await page.route("**/api/issues/feed?**", async (route) => {
    await gate;
    await route.fallback();
  });

  close();
  await openInApp(page, "/feed");
  await expect(page.getByRole("status").filter({ hasText: "Loading feed..." })).toBeVisible();
  open();
  await expect(page.getByRole("article", { name: "Delta notes" })).toBeVisible();

  close();
  await openFeedFilters(page);
  await page.getByLabel("Read status").selectOption("unread");
  await expect(page.getByRole("status").filter({ hasText: "Updating..." })).toBeVisible();
  open();
  await expect(page.getByRole("status").filter({ hasText: "Updating..." })).toBeHidden();

  await page.route("**/api/issues/feed?**", (route) =>
    new URL(route.request().url()).searchParams.get("read_status") === "read"
      ? route.fulfill({ status: 503, json: { detail: "Feed is resting" } })
      : route.fallback(),
  );
  await page.getByLabel("Read status").selectOption("read");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Error 503: Feed is resting");
});
