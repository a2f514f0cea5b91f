import { expect, test } from "@playwright/test";
import { articleHtml, deliver, issueCard } from "./reading-support";
import { horizontalOverflow, signedInReader } from "./support";

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a reader makes a rule from an issue, and the next issue is filed by it", async ({ page }) => {
  const { user } = await signedInReader(page);
  const id = tag();
  const from = `Gadget Weekly ${id} <news@gadgets-${id}.example>`;
  const first = await deliver(page.request, user.unique_email, { subject: `Gadgets one ${id}`, from, html: articleHtml("One") });

  await page.goto(`/emails/${first}`);
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Always file mail like this into..." }).click();
  const editor = page.getByRole("dialog", { name: "New rule" });
  await expect(editor.getByRole("status")).toHaveText("Matches 1 issue already here.");
  // The reader has no folder yet: the editor offers to make one.
  await editor.getByLabel("New folder name").fill(`Gadgets ${id}`);
  await editor.getByRole("button", { name: "Save rule" }).click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: `Saved "File Gadget Weekly ${id}"` })).toBeVisible();

  await deliver(page.request, user.unique_email, { subject: `Gadgets two ${id}`, from, html: articleHtml("Two") });
  await page.goto("/subscriptions");
  await page.getByRole("button", { name: new RegExp(`^Gadgets ${id}`) }).click();
  await expect(page.getByText(`Gadgets two ${id}`)).toBeVisible();
  await expect(page.getByText(`Gadgets one ${id}`)).toHaveCount(0);

  // Settings lists the rule (under Reading); the delivery log (under Mail in) says it ran on the second issue.
  await page.goto("/settings#rules");
  const rules = page.getByRole("list", { name: "Rules" });
  await expect(rules.getByRole("listitem")).toHaveCount(1);
  await expect(rules).toContainText(`File Gadget Weekly ${id}`);
  await page.getByRole("tab", { name: "Mail in" }).click();
  const log = page.getByRole("list", { name: "Deliveries" });
  await expect(log.getByRole("listitem").first()).toContainText(`Gadgets two ${id}`);
  await expect(log.getByRole("listitem").first()).toContainText(`Rules: File Gadget Weekly ${id}`);
  await page.getByRole("tab", { name: "Reading" }).click();

  // Applied to mail already there, the rule files the first issue too.
  await rules.getByRole("button", { name: `Apply rule File Gadget Weekly ${id} to existing mail` }).click();
  await expect(page.getByRole("status").filter({ hasText: "matched 2 issues and changed 1" })).toBeVisible();

  // Turned off by keyboard, then deleted after a confirmation.
  await rules.getByRole("switch").focus();
  await page.keyboard.press("Enter");
  await expect(rules.getByRole("switch")).toHaveAttribute("aria-checked", "false");
  page.once("dialog", (dialog) => void dialog.accept());
  await rules.getByRole("button", { name: `Delete rule File Gadget Weekly ${id}` }).click();
  await expect(page.getByText("No rules yet.")).toBeVisible();
});

test("a reader turns the screener on, and allows a new sender waiting in it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { user } = await signedInReader(page);
  const id = tag();
  await page.goto("/settings#screener");
  await page.getByRole("switch", { name: "Screen new senders" }).click();
  await expect(page.getByRole("switch", { name: "Screen new senders" })).toHaveAttribute("aria-checked", "true");

  const sender = `hello@newcomer-${id}.example`;
  await deliver(page.request, user.unique_email, {
    subject: `Welcome aboard ${id}`,
    from: `Newcomer <${sender}>`,
    html: articleHtml("Hi"),
  });
  await page.goto("/feed");
  await expect(issueCard(page, `Welcome aboard ${id}`)).toHaveCount(0);

  await page.goto("/screener");
  const waiting = page.getByRole("list", { name: "Senders waiting" });
  await expect(waiting.getByRole("listitem")).toHaveCount(1);
  await expect(waiting).toContainText(`Welcome aboard ${id}`);
  expect(await horizontalOverflow(page)).toBe(0);
  await waiting.getByRole("button", { name: `Allow ${sender}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Allowed ${sender}` })).toBeVisible();
  await expect(page.getByText("Nobody is waiting.")).toBeVisible();

  await page.goto("/feed");
  await expect(issueCard(page, `Welcome aboard ${id}`)).toBeVisible();
});
