import { expect, test } from "@playwright/test";
import { articleHtml, deliver, HOUR, issueCard } from "./reading-support";
import { openInApp, signedInReader } from "./support";

test("pages are written to the URL, page 1 leaves it, a page past the end is ignored, and a page change scrolls to the top", async ({
  page,
}) => {
  const { user } = await signedInReader(page);
  const now = Date.now();
  for (let i = 1; i <= 21; i++) {
    const subject = `Bulletin ${String(i).padStart(2, "0")}`;
    await deliver(page.request, user.unique_email, { subject, html: articleHtml(subject, 40), date: new Date(now - i * HOUR) });
  }

  await page.goto("/feed");
  await expect(issueCard(page, "Bulletin 01")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/feed\?page=2$/);
  await expect(issueCard(page, "Bulletin 21")).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.getByRole("button", { name: "Page 1" }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(issueCard(page, "Bulletin 01")).toBeVisible();

  await page.goto("/feed?page=9");
  await expect(page).toHaveURL(/\/feed$/);
  await expect(issueCard(page, "Bulletin 01")).toBeVisible();
  await expect(page.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
});

test("a card whose picture the server could not fetch shows no picture block, and its title starts level with its neighbours", async ({
  page,
}) => {
  const { user } = await signedInReader(page);
  const pictured = await deliver(page.request, user.unique_email, {
    subject: "With picture",
    from: "Pictures Weekly <hello@pictures.example>",
    html: `<html><body><img src="https://img.pictures.example/hero.png" width="600" height="300" alt="Hero"><p>${"Words about pictures. ".repeat(40)}</p></body></html>`,
    date: new Date(Date.now() - HOUR),
  });
  await deliver(page.request, user.unique_email, {
    subject: "Without picture",
    from: "Plain Letter <hello@plainletter.example>",
    html: articleHtml("Without picture"),
  });
  // The server tried the picture when the issue was filed, and dropped it.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/issues/${pictured}`)).json()) as { thumbnail_image_url: string | null }).thumbnail_image_url,
    )
    .toBeNull();

  await page.goto("/feed");
  const plain = issueCard(page, "Without picture");
  const withPicture = issueCard(page, "With picture");
  await expect(withPicture).toBeVisible();
  await expect(plain.getByTestId("thumbnail")).toHaveCount(0);
  await expect(withPicture.getByTestId("thumbnail")).toHaveCount(0);
  // Side by side in the default two columns, the subjects start at the same height.
  const [plainSubject, picturedSubject] = await Promise.all([
    plain.getByRole("link", { name: "Without picture" }).boundingBox(),
    withPicture.getByRole("link", { name: "With picture" }).boundingBox(),
  ]);
  expect(plainSubject && picturedSubject && plainSubject.x !== picturedSubject.x).toBe(true);
  expect(plainSubject?.y).toBe(picturedSubject?.y);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a tap anywhere on a card opens the issue, but not a tap on its buttons or in its dialogs", async ({ page }) => {
    const { user } = await signedInReader(page);
    const id = await deliver(page.request, user.unique_email, { subject: "Tap to read", html: articleHtml("Tap to read") });

    await page.goto("/feed");
    const card = issueCard(page, "Tap to read");
    await card.getByRole("button", { name: "Like Tap to read" }).click();
    await expect(card.getByRole("button", { name: "Unlike Tap to read" })).toBeVisible();
    await card.getByRole("button", { name: "Folders and favourites for Tap to read" }).click();
    const dialog = page.getByRole("dialog", { name: "Folders and favourites" });
    await dialog.getByRole("heading", { name: "Folders and favourites" }).click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/feed$/);

    await card.getByText("Careful reporting on small things.").click();
    await expect(page).toHaveURL(new RegExp(`/emails/${id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Tap to read" })).toBeVisible();

    await page.goBack();
    await issueCard(page, "Tap to read").focus();
    await page.keyboard.press("Space");
    await expect(page).toHaveURL(new RegExp(`/emails/${id}$`));
  });
});

test("a card falls back to 'No Subject', 'Unknown Sender' and 'No summary available.', and a forwarded issue only points to the newsletter's site", async ({
  page,
}) => {
  const { user } = await signedInReader(page);
  await deliver(page.request, user.unique_email, {
    subject: "Bare issue",
    from: "Bare <hi@bare.example>",
    html: articleHtml("Bare issue", 450),
    date: new Date(Date.now() - HOUR),
  });
  await deliver(page.request, user.unique_email, {
    subject: "Passed along",
    from: "Passed <hi@passed.example>",
    html: articleHtml("Passed along"),
  });
  let siteKnown = true;
  await page.route("**/api/issues/feed?page=**", async (route) => {
    const answer = await (await route.fetch()).json();
    const items = answer.items.map((email: Record<string, unknown>) =>
      email.subject === "Bare issue"
        ? { ...email, subject: null, sender_name: null, email_summary: null }
        : {
            ...email,
            is_forwarded: true,
            newsletter_url: siteKnown ? "https://passed.example/" : null,
            newsletter_metadata: { ...(email.newsletter_metadata as object), newsletter_url: null },
          },
    );
    await route.fulfill({ json: { ...answer, items } });
  });

  await openInApp(page, "/feed");
  const bare = issueCard(page, "No Subject");
  await expect(bare.getByRole("link", { name: "No Subject" })).toBeVisible();
  await expect(bare).toContainText("Unknown Sender");
  await expect(bare).toContainText("No summary available.");
  await expect(bare).toContainText("3 min read");

  await page.getByRole("button", { name: /^Confirm subscription to Passed/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("link")).toHaveAttribute("href", "https://passed.example/");
  await expect(dialog.getByRole("button", { name: /subscri/i })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();

  siteKnown = false;
  await page.goto("about:blank");
  await openInApp(page, "/feed");
  await page.getByRole("button", { name: /^Confirm subscription to Passed/ }).click();
  await expect(page.getByRole("dialog").getByText("No link to the newsletter was found.")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("link")).toHaveCount(0);
});

test("a card's confirm dialog also offers the sign-up page with the reader's address copied, then 'I've Subscribed'", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const { user } = await signedInReader(page);
  await deliver(page.request, user.unique_email, {
    subject: "Letter of the week",
    from: "Weekly Letter <hello@weeklyletter.example>",
    html: articleHtml("Letter of the week"),
  });
  await context.route("https://weeklyletter.example/**", (route) => route.fulfill({ contentType: "text/html", body: "<h1>Sign up</h1>" }));

  await page.goto("/feed");
  const icon = page.getByRole("button", { name: /^Confirm subscription to Weekly Letter/ });
  await icon.click();
  const confirm = page.getByRole("dialog", { name: "Confirm subscription" });
  const opened = context.waitForEvent("page");
  await confirm.getByRole("button", { name: "Open the sign-up page with your address copied" }).click();
  const signUpPage = await opened;
  await signUpPage.waitForURL("https://weeklyletter.example/");
  await expect(signUpPage.getByRole("heading", { name: "Sign up" })).toBeVisible();
  await page.bringToFront();

  const signUp = page.getByRole("dialog", { name: "Subscribe to Weekly Letter" });
  await expect(signUp.getByTestId("unique-email")).toHaveText(user.unique_email);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(user.unique_email);
  await signUp.getByRole("button", { name: "I've Subscribed" }).click();
  await expect(signUp).toBeHidden();
  await expect(issueCard(page, "Letter of the week").getByRole("status")).toHaveText("You're subscribed to Weekly Letter.");
  await expect(icon).toBeHidden();
});

test("the folder dialog says 'Could not load folders.' when the folders cannot be listed", async ({ page }) => {
  const { user } = await signedInReader(page);
  await deliver(page.request, user.unique_email, { subject: "Unfiled", html: articleHtml("Unfiled") });
  await page.route("**/api/users/me/folders", (route) =>
    route.request().method() === "GET" ? route.fulfill({ status: 500, json: { detail: "Internal server error" } }) : route.fallback(),
  );

  await page.goto("/feed");
  await page.getByRole("button", { name: "Folders and favourites for Unfiled" }).click();
  await expect(page.getByRole("dialog", { name: "Folders and favourites" }).getByText("Could not load folders.")).toBeVisible();
});

test("the issue page names the folder action 'Edit folders' once favourited, disables Share without a share id, and dates recent issues 'No Date' when unknown", async ({
  page,
}) => {
  const { user } = await signedInReader(page);
  const from = `Dated Notes <news@dated-${Date.now().toString(36)}.example>`;
  const older = await deliver(page.request, user.unique_email, {
    subject: "Older note",
    from,
    html: articleHtml("Older note"),
    date: new Date(Date.now() - HOUR),
  });
  const id = await deliver(page.request, user.unique_email, { subject: "Newest note", from, html: articleHtml("Newest note") });
  await page.route(new RegExp(`/api/issues/${id}(/interactions)?$`), async (route) =>
    route.fulfill({ json: { ...(await (await route.fetch()).json()), public_share_id: null } }),
  );
  await page.route(/\/recent_issues$/, async (route) => {
    const answer = await (await route.fetch()).json();
    await route.fulfill({
      json: { items: answer.items.map((email: { id: number }) => (email.id === older ? { ...email, date_received: null } : email)) },
    });
  });

  await page.goto(`/emails/${id}`);
  await expect(page.getByRole("button", { name: "Share" })).toBeDisabled();
  await expect(page.getByRole("region", { name: "Recent Issues" }).getByRole("link", { name: /Older note/ })).toContainText("No Date");

  await page.getByRole("button", { name: "Add to folder" }).click();
  const dialog = page.getByRole("dialog", { name: "Folders and favourites" });
  await dialog.getByRole("checkbox", { name: "Favourite" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "Edit folders" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to folder" })).toHaveCount(0);
  // Closing the page reports the reading time, which must not meet the rewriting routes mid-teardown.
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
