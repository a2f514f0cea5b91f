import { expect, test } from "@playwright/test";
import { articleHtml, deliver, HOUR, issueCard } from "./reading-support";
import { horizontalOverflow, openInApp, signedInReader } from "./support";

test("a reader opens an issue from page 2 of the feed, reads it and comes back to the same page", async ({ page }) => {
  const { user } = await signedInReader(page);
  // The page's clock runs as usual; the reading time below is a jump forward, not a wait.
  await page.clock.install();
  const now = Date.now();
  for (let i = 1; i <= 21; i++) {
    const subject = `Dispatch ${String(i).padStart(2, "0")}`;
    await deliver(page.request, user.unique_email, { subject, html: articleHtml(subject), date: new Date(now - i * HOUR) });
  }

  await page.goto("/feed");
  await expect(page.getByRole("link", { name: "Dispatch 01", exact: true })).toBeVisible();
  await expect(issueCard(page, "Dispatch 01")).toContainText("2 min read");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/feed\?page=2$/);
  await expect(issueCard(page, "Dispatch 21")).toContainText("Unread");

  await page.getByRole("link", { name: "Dispatch 21", exact: true }).click();
  await expect(page).toHaveURL(/\/emails\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dispatch 21" })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Content of Dispatch 21"]').getByRole("heading", { name: "Dispatch 21" })).toBeVisible();

  await page.clock.fastForward(1_500);
  const durationReport = page.waitForRequest(
    (request) => request.method() === "PUT" && (request.postData() ?? "").includes('"read_duration_seconds":'),
  );
  await page.getByRole("button", { name: "Back to Feed" }).click();
  const reported = JSON.parse((await durationReport).postData() ?? "{}") as { is_read: boolean; read_duration_seconds: number };
  expect(reported.is_read).toBe(true);
  expect(reported.read_duration_seconds).toBeGreaterThan(0);

  await expect(page).toHaveURL(/\/feed\?page=2$/);
  await expect(issueCard(page, "Dispatch 21")).toBeVisible();
  await expect(issueCard(page, "Dispatch 21")).not.toContainText("Unread");
});

test("on a phone the feed fits the screen and a focused card opens with Enter", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const { user } = await signedInReader(page);
  await deliver(page.request, user.unique_email, { subject: "Pocket edition", html: articleHtml("Pocket edition") });

  await page.goto("/feed");
  const card = issueCard(page, "Pocket edition");
  await expect(card).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await card.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Pocket edition" })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test("a reader likes, favourites and files an issue into a folder, and it stays that way", async ({ page }) => {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject: "Keeper issue", html: articleHtml("Keeper issue") });
  const folder = await page.request.post("/api/users/me/folders", { data: { name: "Keepers" } });
  expect(folder.status()).toBe(201);
  const { id: folderId } = (await folder.json()) as { id: number };

  await page.goto("/feed");
  const likeOnCard = page.getByRole("button", { name: "Like Keeper issue" });
  await likeOnCard.click();
  await expect(page.getByRole("button", { name: "Unlike Keeper issue" })).toHaveAttribute("aria-pressed", "true");

  await page.goto(`/emails/${id}`);
  await expect(page.getByRole("button", { name: "Unlike" })).toBeVisible();
  await page.getByRole("button", { name: "Add to folder" }).click();
  const dialog = page.getByRole("dialog", { name: "Folders and favourites" });
  await dialog.getByRole("checkbox", { name: "Keepers" }).check();
  await dialog.getByRole("checkbox", { name: "Favourite" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Edit folders" })).toBeVisible();

  await expect
    .poll(async () => {
      const email = (await (await page.request.get(`/api/issues/${id}`)).json()) as {
        is_liked: boolean;
        is_favorited: boolean;
        folder_ids: number[];
      };
      return [email.is_liked, email.is_favorited, email.folder_ids];
    })
    .toEqual([true, true, [folderId]]);

  await page.reload();
  await expect(page.getByRole("button", { name: "Unlike" })).toBeVisible();
  await page.getByRole("button", { name: "Edit folders" }).click();
  await expect(page.getByRole("dialog").getByRole("checkbox", { name: "Keepers" })).toBeChecked();
  await expect(page.getByRole("dialog").getByRole("checkbox", { name: "Favourite" })).toBeChecked();
});

test("a reader comments on an issue and sees it under their username", async ({ page }) => {
  const { user } = await signedInReader(page);
  // Readers of one issue share its comments: a newsletter of its own keeps earlier runs' comments away.
  const from = `Talk Notes <talk@talk-${Date.now().toString(36)}.example>`;
  const id = await deliver(page.request, user.unique_email, { subject: "Talk about it", from, html: articleHtml("Talk about it") });

  await page.goto("/feed");
  await page.getByRole("button", { name: "Comments on Talk about it" }).click();
  await expect(page).toHaveURL(new RegExp(`/emails/${id}\\?showComments=true$`));
  await expect(page.getByText("No comments yet. Be the first to comment!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit" })).toBeDisabled();

  await page.getByPlaceholder("Add a comment...").fill("  A sharp take on small things.  ");
  await page.getByRole("button", { name: "Submit" }).click();
  const comment = page.getByRole("list", { name: "Comments" }).getByRole("listitem");
  await expect(comment).toContainText(user.username);
  await expect(comment).toContainText("A sharp take on small things.");
  await expect(page.getByPlaceholder("Add a comment...")).toHaveValue("");

  await page.getByRole("button", { name: "Comment" }).click();
  await expect(page.getByRole("heading", { name: "Recent Issues" })).toBeVisible();
});

test("the issue page lists up to 5 other recent issues of its newsletter, and says when there are none", async ({ page }) => {
  const { user } = await signedInReader(page);
  const tag = Date.now().toString(36);
  const from = `Recent Notes <news@recent-${tag}.example>`;
  const now = Date.now();
  const ids: number[] = [];
  for (let i = 1; i <= 7; i++) {
    const subject = `Recent ${tag} ${i}`;
    ids.push(await deliver(page.request, user.unique_email, { subject, from, html: articleHtml(subject), date: new Date(now - i * HOUR) }));
  }

  // Opening the issue marks it read at once; that must not leave the recent issues loading for ever.
  await page.goto(`/emails/${ids[0]}`);
  const recent = page.getByRole("region", { name: "Recent Issues" });
  await expect(recent.getByRole("link")).toHaveCount(5);
  await expect(recent.getByText("Loading recent issues...")).toHaveCount(0);
  await expect(recent.getByRole("link", { name: new RegExp(`Recent ${tag} 1\\b`) })).toHaveCount(0);
  await expect(recent.getByRole("link", { name: new RegExp(`Recent ${tag} 2\\b`) })).toHaveAttribute("href", `/emails/${ids[1]}`);

  const lone = await deliver(page.request, user.unique_email, {
    subject: `Lone ${tag}`,
    from: `Lone Notes <news@lone-${tag}.example>`,
    html: articleHtml("Lone"),
  });
  await page.goto(`/emails/${lone}`);
  await expect(page.getByRole("region", { name: "Recent Issues" }).getByText("No other recent issues found.")).toBeVisible();
});

test("a reader shares an issue and a visitor without an account reads it", async ({ page, browser, baseURL }) => {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject: "Worth passing on", html: articleHtml("Worth passing on") });

  await page.goto(`/emails/${id}`);
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this issue" });
  await expect(dialog.getByRole("link", { name: "LinkedIn" })).toHaveAttribute("href", /linkedin\.com/);
  const link = await dialog.getByLabel("Share link").inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/issues/share/[A-Za-z0-9_-]{22,64}$`));

  // No cookies and no JavaScript: the text must already be in the server's HTML.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const guest = await visitor.newPage();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { level: 1, name: "Worth passing on" })).toBeVisible();
  await expect(guest.getByText("You are viewing a shared newsletter.")).toBeVisible();
  await expect(guest.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/login");
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(guest.locator('meta[property="og:title"]')).toHaveAttribute("content", "Worth passing on");

  await guest.goto(`${baseURL}/issues/share/not-a-real-share-id-at-all-000`);
  await expect(guest.getByText("Email not found. The link may be invalid or expired.")).toBeVisible();
  await visitor.close();
});

test("a card's dialog keeps keyboard focus where the reader put it when the feed behind it updates", async ({ page }) => {
  const { user } = await signedInReader(page);
  await deliver(page.request, user.unique_email, { subject: "Steady issue", html: articleHtml("Steady issue") });
  // The pending-confirmations list answers only once the dialog is open.
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/api/issues/feed?kind=confirmation**", async (route) => {
    await held;
    await route.fallback();
  });

  await openInApp(page, "/feed");
  await page.getByRole("button", { name: "Folders and favourites for Steady issue" }).click();
  const dialog = page.getByRole("dialog", { name: "Folders and favourites" });
  const favourite = dialog.getByRole("checkbox", { name: "Favourite" });
  // The dialog's code loads on its first opening: the reader's Tab comes once it is there.
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(favourite).toBeFocused();

  const landed = page.waitForResponse((response) => response.url().includes("kind=confirmation"));
  answer();
  await landed;
  await page.waitForTimeout(300);
  await expect(favourite).toBeFocused();
  await page.keyboard.press("Space");
  await expect(favourite).toBeChecked();
});
