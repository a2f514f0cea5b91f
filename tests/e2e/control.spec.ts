import { expect, test } from "@playwright/test";
import { articleHtml, deliver, issueCard } from "./reading-support";
import { horizontalOverflow, signedInReader } from "./support";

test("a reader mutes a newsletter from its card, blocks a sender from an issue, and reads the delivery log", async ({ page }) => {
  const { user } = await signedInReader(page);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const quiet = `Quiet Post ${tag}`;
  const loudAddress = `news@loud-${tag}.example`;
  await deliver(page.request, user.unique_email, {
    subject: `Calm notes ${tag}`,
    from: `${quiet} <post@quiet-${tag}.example>`,
    html: articleHtml("Calm"),
  });
  const loudId = await deliver(page.request, user.unique_email, {
    subject: `Shouting ${tag}`,
    from: `Loud News ${tag} <${loudAddress}>`,
    html: articleHtml("Loud"),
  });

  // Mute, from the subscriptions page: the newsletter's mail leaves the feed.
  await page.goto("/subscriptions");
  const card = page.getByRole("article", { name: quiet });
  await card.getByRole("button", { name: "Mute" }).click();
  await expect(card.getByRole("button", { name: "Unmute" })).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByRole("status")).toContainText("stay out of your feed");
  await page.goto("/feed");
  await expect(issueCard(page, `Shouting ${tag}`)).toBeVisible();
  await expect(issueCard(page, `Calm notes ${tag}`)).toHaveCount(0);

  // Block, from the issue page, after a confirmation; the button then offers to unblock.
  await page.goto(`/emails/${loudId}`);
  const confirmations: string[] = [];
  page.once("dialog", (dialog) => {
    confirmations.push(dialog.message());
    void dialog.accept();
  });
  // The issue page keeps Mute and Block in its More menu.
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Block sender" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Blocked ${loudAddress}` })).toBeVisible();
  expect(confirmations).toEqual([expect.stringContaining(`Block ${loudAddress}?`)]);
  await page.getByRole("button", { name: "More actions" }).click();
  await expect(page.getByRole("menuitem", { name: "Unblock sender" })).toBeVisible();

  // The sender is still answered as delivered; the reader's log says the mail was blocked.
  await deliver(page.request, user.unique_email, {
    subject: `Shouting again ${tag}`,
    from: `Loud News ${tag} <${loudAddress}>`,
    html: articleHtml("Again"),
  });
  // Settings keeps blocked senders under Reading, the delivery log under Mail in.
  await page.goto("/settings#reading");
  const blockedList = page.getByRole("list", { name: "Blocked senders" });
  await expect(blockedList.getByText(loudAddress)).toBeVisible();
  await page.getByRole("tab", { name: "Mail in" }).click();
  const log = page.getByRole("list", { name: "Deliveries" });
  await expect(log.getByRole("listitem")).toHaveCount(3);
  await expect(log.getByRole("listitem").first()).toContainText(`Shouting again ${tag}`);
  await expect(log.getByRole("listitem").first()).toContainText("Blocked");
  await expect(log.getByRole("listitem").first().getByRole("link", { name: "Open issue" })).toHaveCount(0);

  // Filtered by keyboard to the muted ones; the issue opens from its entry.
  await page.getByLabel("Outcome").focus();
  await page.getByLabel("Outcome").selectOption("filed");
  await expect(log.getByRole("listitem")).toHaveCount(2);
  await page.getByLabel("Outcome").selectOption("muted");
  await expect(page.getByText("No deliveries with the outcome Muted.")).toBeVisible();
  await page.getByLabel("Outcome").selectOption("filed");
  const loudEntry = log.getByRole("listitem").filter({ hasText: `Shouting ${tag}` });
  await loudEntry.getByRole("link", { name: "Open issue" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/emails/${loudId}$`));

  // On a phone the controls and sections fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/emails/${loudId}`);
  await page.getByRole("button", { name: "More actions" }).click();
  await expect(page.getByRole("menuitem", { name: "Unblock sender" })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.goto("/subscriptions");
  await expect(page.getByRole("article", { name: quiet }).getByRole("button", { name: "Unmute" })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.goto("/settings#mail-in");
  await expect(page.getByRole("heading", { name: "Delivery log" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Deliveries" })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole("tab", { name: "Reading" }).click();

  // Unblocking from Settings lets the sender's mail be filed again.
  await page.getByRole("button", { name: `Unblock ${loudAddress}` }).click();
  await expect(page.getByText("You have not blocked any sender.")).toBeVisible();
});
