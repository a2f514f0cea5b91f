import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { articleHtml, deliver, HOUR, issueCard } from "./reading-support";
import { openInApp, signedInReader } from "./support";

const confirmationHtml = (name: string) =>
  `<p>Please confirm your subscription to ${name}. <a href="https://confirm.example/c?t=${encodeURIComponent(name)}">Confirm subscription</a></p>`;

/** Issues from a few newsletters, with a summary of a few lines, and two confirmations waiting. */
async function seedFeed(request: APIRequestContext, address: string, issues: number) {
  const now = Date.now();
  const letters = ["Morning Brief", "Field Notes", "Harbour Weekly"];
  for (let i = 1; i <= issues; i++) {
    const name = letters[i % letters.length]!;
    const subject = `Dispatch ${String(i).padStart(2, "0")} on careful reporting`;
    await deliver(request, address, {
      subject,
      from: `${name} <news@${name.toLowerCase().replace(/ /g, "")}.example>`,
      html: articleHtml(subject, 400),
      date: new Date(now - i * HOUR),
    });
  }
  for (const name of ["Cool Letter", "Warm Letter"]) {
    await deliver(request, address, {
      subject: `Please confirm your subscription to ${name}`,
      from: `${name} <hi@${name.toLowerCase().replace(/ /g, "")}.example>`,
      html: confirmationHtml(name),
    });
  }
}

/** How many issue titles lie wholly inside the window, at the top of the page. */
async function titlesOnFirstScreen(page: Page): Promise<number> {
  return page
    .getByRole("list", { name: "Issues" })
    .locator("article h3 a")
    .evaluateAll((links) =>
      links.filter((link) => {
        const box = link.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
      }),
    )
    .then((links) => links.length);
}

for (const { width, height, goal } of [
  { width: 1440, height: 900, goal: 6 },
  { width: 390, height: 844, goal: 3 },
]) {
  test(`at ${width}x${height} the feed's first screen shows at least ${goal} whole issue titles with two confirmations pending`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const { user } = await signedInReader(page);
    await seedFeed(page.request, user.unique_email, 10);
    await page.goto("/feed");
    await expect(page.getByRole("article", { name: /^Pending confirmation: / })).toHaveCount(2);
    await expect(issueCard(page, "Dispatch 01 on careful reporting")).toBeVisible();
    const shown = await titlesOnFirstScreen(page);
    console.log(`calm-feed: ${shown} whole titles on the first screen at ${width}x${height}`);
    expect(shown).toBeGreaterThanOrEqual(goal);
  });
}

test("the filters and sort wait behind one Filters button that counts the active ones, reachable by keyboard", async ({ page }) => {
  const { user } = await signedInReader(page);
  await deliver(page.request, user.unique_email, { subject: "Quiet morning", html: articleHtml("Quiet morning") });
  await page.goto("/feed");
  await expect(issueCard(page, "Quiet morning")).toBeVisible();
  const filters = page.getByRole("button", { name: "Filters", exact: true });
  await expect(filters).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel("Read status")).toBeHidden();
  await expect(page.getByRole("button", { name: /^Sort by/ })).toHaveCount(0);

  await page.getByLabel("Search your feed").focus();
  await page.keyboard.press("Tab");
  await expect(filters).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(filters).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Category")).toBeFocused();
  for (const label of ["Category", "Subscription", "Read status", "Received"])
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: "Sort by" }).getByRole("button")).toHaveCount(4);

  await page.getByLabel("Read status").selectOption("unread");
  await page.getByLabel("Received").selectOption("last_7_days");
  await expect(page).toHaveURL(/read=unread/);
  const counted = page.getByRole("button", { name: "Filters, 2 active" });
  await expect(counted).toContainText("2");
  await counted.click();
  await expect(page.getByLabel("Read status")).toBeHidden();
  await expect(issueCard(page, "Quiet morning")).toBeVisible();
});

test("at desktop width a click anywhere on a card opens the issue, and its buttons still do their own thing", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject: "Click to read", html: articleHtml("Click to read") });
  await page.goto("/feed");
  const card = issueCard(page, "Click to read");
  await card.getByRole("button", { name: "Like Click to read" }).click();
  await expect(card.getByRole("button", { name: "Unlike Click to read" })).toBeVisible();
  await expect(page).toHaveURL(/\/feed$/);
  // Unread at a glance: said in words, and the title in bold.
  await expect(card.getByText("Unread", { exact: true })).toBeVisible();
  expect(Number(await card.getByRole("heading").evaluate((title) => getComputedStyle(title).fontWeight))).toBeGreaterThanOrEqual(700);

  await card.getByText("Careful reporting on small things.").click();
  await expect(page).toHaveURL(new RegExp(`/emails/${id}$`));
});

test("pending confirmations wait on the first page only, and only when they match the search and filters", async ({ page }) => {
  test.setTimeout(90_000);
  const { user } = await signedInReader(page);
  await seedFeed(page.request, user.unique_email, 21);
  const pending = page.getByRole("article", { name: /^Pending confirmation: / });

  await page.goto("/feed");
  await expect(pending).toHaveCount(2);
  await expect(pending.first().getByRole("link", { name: "Confirm" })).toHaveAttribute("href", /^https:\/\/confirm\.example\//);
  await expect(pending.first().getByRole("button", { name: "Dismiss" })).toBeVisible();
  // The badge comes once per newsletter, not on each of its issues.
  await expect(page.getByRole("button", { name: /^Confirm subscription to / })).toHaveCount(3);

  await page.goto("/feed?page=2");
  await expect(issueCard(page, "Dispatch 21 on careful reporting")).toBeVisible();
  await expect(pending).toHaveCount(0);

  await page.goto("/feed?search=Warm");
  await expect(page.getByRole("article", { name: "Pending confirmation: Please confirm your subscription to Warm Letter" })).toBeVisible();
  await expect(pending).toHaveCount(1);
  await page.goto("/feed?search=Dispatch");
  await expect(issueCard(page, "Dispatch 01 on careful reporting")).toBeVisible();
  await expect(pending).toHaveCount(0);
  await page.goto("/feed?read=read");
  await expect(page.getByText("No issues match this filter: Read.")).toBeVisible();
  await expect(pending).toHaveCount(0);
});

test("a newsletter that mails the reader unconfirmed offers the real unsubscribe on its card, its page and its issues", async ({
  page,
}) => {
  const { user } = await signedInReader(page);
  const tag = Math.random().toString(36).slice(2, 8);
  const letter = (name: string) => ({
    name: `${name} ${tag}`,
    from: `${name} ${tag} <news@${name.toLowerCase()}-${tag}.example>`,
    headers: [`List-Unsubscribe: <https://${name.toLowerCase()}-${tag}.example/leave?u=1>`],
  });
  const sticky = letter("Sticky");
  const clingy = letter("Clingy");
  const stickyIssue = await deliver(page.request, user.unique_email, {
    subject: "Sticky news",
    html: articleHtml("Sticky news"),
    ...sticky,
  });
  await deliver(page.request, user.unique_email, { subject: "Clingy news", html: articleHtml("Clingy news"), ...clingy });
  const confirms: string[] = [];
  page.on("dialog", (dialog) => {
    confirms.push(dialog.message());
    void dialog.accept();
  });

  await page.goto("/subscriptions");
  const card = page.getByRole("article", { name: clingy.name });
  await expect(card.getByText("Unconfirmed", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Subscribe", exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(card.getByRole("status")).toContainText("One step left: open this page to finish unsubscribing");
  await expect(card.getByRole("status")).toContainText(`from ${clingy.name}.`);
  await expect(card.getByRole("link", { name: /open this page to finish unsubscribing/ })).toHaveAttribute(
    "href",
    `https://clingy-${tag}.example/leave?u=1`,
  );
  await expect(card.getByText(/^Unsubscribed: \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(card.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);

  const { newsletter_metadata_id: stickyId } = (await (await page.request.get(`/api/issues/${stickyIssue}`)).json()) as {
    newsletter_metadata_id: number;
  };
  await page.goto(`/newsletter/${stickyId}`);
  await expect(page.getByRole("heading", { level: 1, name: sticky.name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Subscribe", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();

  await page.goto(`/emails/${stickyIssue}`);
  await expect(page.getByRole("button", { name: "Confirm Subscription" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status").filter({ hasText: "One step left" })).toContainText(sticky.name);
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  expect(confirms).toEqual(["Are you sure you want to unsubscribe?", "Are you sure you want to unsubscribe?"]);
});

test("a newsletter with one subscriber says '1 subscriber'", async ({ page }) => {
  await signedInReader(page);
  await page.route("**/api/newsletters/featured", async (route) => {
    const answer = (await (await route.fetch()).json()) as { items: { total_subscribers: number }[] };
    await route.fulfill({
      json: { ...answer, items: answer.items.map((item, index) => ({ ...item, total_subscribers: index === 0 ? 1 : 2 })) },
    });
  });
  await openInApp(page, "/discover");
  const featured = page.getByRole("list", { name: "Featured newsletters" }).getByRole("listitem");
  await expect(featured.first().getByText("1 subscriber", { exact: true })).toBeVisible();
  await expect(featured.nth(1).getByText("2 subscribers", { exact: true })).toBeVisible();
});
