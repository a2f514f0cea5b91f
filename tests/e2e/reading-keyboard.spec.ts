import { expect, test, type Page } from "@playwright/test";
import { articleHtml, deliver, HOUR, issueCard } from "./reading-support";
import { openInApp, signedInReader } from "./support";

const SUBJECTS = ["Alder report", "Birch report", "Cedar report"];
const unreadDot = (page: Page, subject: string) => issueCard(page, subject).getByText("Unread", { exact: true });
const announced = (page: Page, text: string | RegExp) => page.locator("[aria-live=polite]").filter({ hasText: text });

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`keyboard reading on a ${label}`, () => {
    test.use({ viewport });

    test("reads three issues with j, o, m and u, and lists the keys with ?", async ({ page }) => {
      const { user } = await signedInReader(page);
      const now = Date.now();
      for (const [index, subject] of SUBJECTS.entries()) {
        await deliver(page.request, user.unique_email, {
          subject,
          html: articleHtml(subject, 400),
          date: new Date(now - (index + 1) * HOUR),
        });
      }
      await page.goto("/feed");
      await expect(issueCard(page, "Cedar report")).toBeVisible();

      // ? lists every key; nothing else answers while the dialog is open.
      await page.keyboard.press("?");
      const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await expect(help).toBeVisible();
      await expect(help.getByText("Next issue")).toBeVisible();
      await expect(help.getByText("Mark read or unread")).toBeVisible();
      await page.keyboard.press("j");
      await page.keyboard.press("Escape");
      await expect(help).toBeHidden();
      await expect(page.locator("[aria-current=true]")).toHaveCount(0);

      // j and k move a ring over the cards.
      await page.keyboard.press("j");
      await expect(issueCard(page, "Alder report")).toBeFocused();
      await expect(issueCard(page, "Alder report")).toHaveAttribute("aria-current", "true");
      await expect(announced(page, "Alder report, issue 1 of 3.")).toBeAttached();
      await page.keyboard.press("j");
      await page.keyboard.press("j");
      await expect(issueCard(page, "Cedar report")).toBeFocused();
      await page.keyboard.press("k");
      await page.keyboard.press("k");
      await expect(issueCard(page, "Alder report")).toBeFocused();

      // o opens the first; it is read on opening, m makes it unread again, u returns to it on the feed.
      await page.keyboard.press("o");
      await expect(page).toHaveURL(/\/emails\/\d+$/);
      await expect(page.getByRole("heading", { name: "Alder report", level: 1 })).toBeVisible();
      await page.keyboard.press("m");
      await expect(announced(page, "Alder report: marked unread.")).toBeAttached();
      await page.keyboard.press("u");
      await expect(page).toHaveURL(/\/feed$/);
      await expect(issueCard(page, "Alder report")).toBeFocused();
      await expect(unreadDot(page, "Alder report")).toBeVisible();

      // j to the second, Enter opens it; on the issue page j opens the next one.
      await page.keyboard.press("j");
      await expect(issueCard(page, "Birch report")).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { name: "Birch report", level: 1 })).toBeVisible();
      await page.keyboard.press("j");
      await expect(page.getByRole("heading", { name: "Cedar report", level: 1 })).toBeVisible();
      await page.keyboard.press("j");
      await expect(announced(page, "This is the last issue.")).toBeAttached();
      await page.keyboard.press("Escape");
      await expect(page).toHaveURL(/\/feed$/);
      await expect(issueCard(page, "Cedar report")).toBeFocused();
      await expect(issueCard(page, "Cedar report")).toBeInViewport();
      await expect(unreadDot(page, "Birch report")).toHaveCount(0);
      await expect(unreadDot(page, "Cedar report")).toHaveCount(0);
      await expect(unreadDot(page, "Alder report")).toBeVisible();

      // / goes to the search box, where keys are typing: j is a letter there, not a move.
      await page.keyboard.press("/");
      const search = page.getByRole("searchbox", { name: "Search your feed" });
      await expect(search).toBeFocused();
      await page.keyboard.type("jo");
      await expect(search).toHaveValue("jo");
      await expect(page).toHaveURL(/\/feed(\?search=jo)?$/);
    });
  });
}

test("keys still answer after a click in the issue's body, which puts the focus in its frame", async ({ page }) => {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject: "Framed report", html: articleHtml("Framed report") });
  await page.goto("/feed");
  await issueCard(page, "Framed report").getByRole("link", { name: "Framed report" }).click();
  await expect(page.getByRole("heading", { name: "Framed report", level: 1 })).toBeVisible();
  await page.frameLocator('iframe[title="Content of Framed report"]').locator("p").first().click();

  await page.keyboard.press("l");
  await page.keyboard.press("s");
  await expect
    .poll(async () => (await (await page.request.get(`/api/issues/${id}`)).json()) as object)
    .toMatchObject({
      is_liked: true,
      is_favorited: true,
    });
  await page.keyboard.press("u");
  await expect(page).toHaveURL(/\/feed$/);
});

test("keys on an issue page that is still loading do nothing harmful", async ({ page }) => {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject: "Slow report", html: articleHtml("Slow report") });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/issues/${id}`, async (route) => {
    await held;
    await route.fallback();
  });
  await openInApp(page, `/emails/${id}`);
  await expect(page.getByText("Loading email...")).toBeVisible();
  for (const key of ["m", "s", "l", "j", "k", "o"]) await page.keyboard.press(key);
  release();
  await expect(page.getByRole("heading", { name: "Slow report", level: 1 })).toBeVisible();
  const answer = await page.request.get(`/api/issues/${id}`);
  expect(await answer.json()).toMatchObject({ is_liked: false, is_favorited: false });
});
