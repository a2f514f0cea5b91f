import { expect, test, type Page } from "@playwright/test";
import { articleHtml, deliver } from "./reading-support";
import { signedInReader } from "./support";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
// Where the issue's text may start at the latest: measured at 168 px (desktop) and 196 px (phone) once the
// actions became one toolbar, against 318 px and 380 px before; the bound leaves room for a two-line subject.
const TEXT_TOP_BOUND = { desktop: 230, phone: 260 };

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function readerWithIssue(page: Page) {
  const { user } = await signedInReader(page);
  const id = tag();
  const subject = `Calm pages ${id}`;
  const address = `news@calm-${id}.example`;
  const emailId = await deliver(page.request, user.unique_email, {
    subject,
    from: `Calm Weekly ${id} <${address}>`,
    html: articleHtml("Calm pages", 1200),
  });
  return { emailId, subject, address, newsletter: `Calm Weekly ${id}` };
}

/** Whether nothing lies over the middle of this control: a click there would reach it. */
async function uncovered(page: Page, name: string) {
  return page.getByRole("button", { name, exact: true }).evaluate((node) => {
    const box = node.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && node.contains(top);
  });
}

test("the issue's text starts near the top, on a desktop and on a phone", async ({ page }) => {
  const { emailId, subject } = await readerWithIssue(page);
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/emails/${emailId}`);
    const frame = page.getByTitle(`Content of ${subject}`);
    await expect(frame).toBeVisible();
    const top = (await frame.boundingBox())?.y ?? Infinity;
    expect(top, `the frame's top on a ${size}`).toBeLessThanOrEqual(TEXT_TOP_BOUND[size]);
  }
});

test("the More menu reaches Mute and Block sender by keyboard, and Escape gives focus back", async ({ page }) => {
  const { emailId, address, newsletter } = await readerWithIssue(page);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/emails/${emailId}`);
  const more = page.getByRole("button", { name: "More actions" });
  await more.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "More actions" });
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  // The theme switch comes first (the issue page has no header); down past Download EPUB, Send to Kindle and the
  // rule to Mute; Escape closes and focus is back on the button, the page still here.
  await expect(menu.getByRole("menuitem", { name: /^Switch to (dark|light) theme$/ })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Download EPUB" })).toBeFocused();
  for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Mute" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/emails/${emailId}$`));

  // Down opens on the theme switch; four more reach Mute.
  for (let step = 0; step < 5; step++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Muted: new issues of ${newsletter} stay out of your feed.` })).toBeVisible();

  // Up opens on the last entry, Block sender; it asks first, as it always did.
  const confirmations: string[] = [];
  page.once("dialog", (dialog) => {
    confirmations.push(dialog.message());
    void dialog.accept();
  });
  await more.focus();
  await page.keyboard.press("ArrowUp");
  await expect(menu.getByRole("menuitem", { name: "Block sender" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Blocked ${address}.` })).toBeVisible();
  expect(confirmations).toEqual([expect.stringContaining(`Block ${address}?`)]);
  await more.click();
  await expect(menu.getByRole("menuitem", { name: "Unblock sender" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Unmute" })).toBeVisible();
});

test.describe("on a 390 x 844 phone", () => {
  test.use({ viewport: PHONE });

  test("the actions sit in a bar at the foot, the menu button scrolls away, and scroll-to-top covers no Submit", async ({ page }) => {
    const { emailId, subject } = await readerWithIssue(page);
    await page.goto(`/emails/${emailId}?showComments=true`);
    const bar = page.getByRole("toolbar", { name: "Issue actions" });
    await expect(bar.getByRole("button", { name: "Like" })).toBeVisible();
    const barBox = await bar.boundingBox();
    expect(barBox && Math.round(barBox.y + barBox.height), "the bar ends at the foot of the screen").toBe(PHONE.height);
    expect(barBox && barBox.height, "the bar is one row").toBeLessThanOrEqual(72);
    for (const name of ["Like", "Comment", "Add to folder", "Share", "More actions"])
      await expect(bar.getByRole("button", { name, exact: true })).toBeVisible();

    // Scrolled into the issue, the page's menu button has gone up with the page instead of lying over the text.
    const frame = page.getByTitle(`Content of ${subject}`);
    await expect(frame).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(page.getByRole("button", { name: "Scroll to top" })).toBeVisible();
    const menuButton = await page.getByRole("button", { name: "Open menu" }).boundingBox();
    expect(menuButton && menuButton.y + menuButton.height, "the menu button scrolled away").toBeLessThanOrEqual(0);

    // Scroll-to-top is a slot of the bar; the comment form's Submit is never under it, wherever it is scrolled to.
    const corner = await page.getByRole("button", { name: "Scroll to top" }).boundingBox();
    expect(corner && barBox && corner.y >= barBox.y, "scroll-to-top sits in the bar").toBe(true);
    await page.getByLabel("Add a comment").fill("Read on a phone.");
    const submit = page.getByRole("button", { name: "Submit", exact: true });
    await submit.evaluate((node) => node.scrollIntoView({ block: "center" }));
    expect(await uncovered(page, "Submit"), "Submit in the middle of the screen").toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole("button", { name: "Scroll to top" })).toBeVisible();
    expect(await uncovered(page, "Submit"), "Submit at the foot of the page").toBe(true);
    await submit.click();
    await expect(page.getByRole("list", { name: "Comments" }).getByText("Read on a phone.")).toBeVisible();

    // The More menu opens upward from the bar and holds Mute and Block.
    await bar.getByRole("button", { name: "More actions" }).click();
    const menu = page.getByRole("menu", { name: "More actions" });
    await expect(menu.getByRole("menuitem", { name: "Mute" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Block sender" })).toBeVisible();
    const menuBox = await menu.boundingBox();
    expect(menuBox && barBox && menuBox.y + menuBox.height <= barBox.y + 1, "the menu opens above the bar").toBe(true);
  });
});

type Listed = {
  items: {
    id: number;
    name: string;
    websiteUrl: string | null;
    is_featured: boolean;
    total_subscribers: number;
    categories: { id: number }[];
  }[];
};
type Categories = { items: { id: number; newsletter_count: number }[] };

const cardNames = (page: Page, list: string) => page.getByRole("list", { name: list }).getByRole("heading", { level: 3 }).allInnerTexts();

test("Discover recommends from what the reader likes, apart from Featured, shows no zero counts, and its carousels scroll", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const { user } = await signedInReader(page);
  // A catalog newsletter of a well-filled category, not featured, that no one follows: the reader receives and likes
  // one of its issues. Followed by a reader of another journey, what else they follow would come first (newsletters
  // co-followed come before the reader's taste).
  const { items: categories } = (await (await page.request.get("/api/newsletters/categories")).json()) as Categories;
  const topic = categories.filter((category) => category.newsletter_count >= 5).at(0)!;
  const { items: inTopic } = (await (await page.request.get(`/api/newsletters/category/${topic.id}`)).json()) as Listed;
  const liked = inTopic.filter((item) => item.websiteUrl && !item.is_featured && item.total_subscribers === 0).at(-1)!;
  const domain = new URL(liked.websiteUrl!).hostname.replace(/^www\./, "");
  const issueId = await deliver(page.request, user.unique_email, {
    subject: `Worth a like ${tag()}`,
    from: `${liked.name} <news@${domain}>`,
    html: articleHtml("Worth a like"),
    signed: true,
  });
  expect((await page.request.put(`/api/issues/${issueId}/interactions`, { data: { is_liked: true } })).ok()).toBe(true);
  const { items: recommendedItems } = (await (await page.request.get("/api/newsletters/recommended")).json()) as Listed;
  // The first shares a category with the liked one: of its categories, which comes first is who follows what.
  const likedCategories = liked.categories.map((category) => category.id);
  expect(recommendedItems[0]?.categories.some((category) => likedCategories.includes(category.id))).toBe(true);

  await page.goto("/discover");
  await expect(page.getByRole("list", { name: "Recommended newsletters" }).getByRole("listitem").first()).toBeVisible();
  const [featured, recommended] = [await cardNames(page, "Featured newsletters"), await cardNames(page, "Recommended newsletters")];
  expect(recommended).not.toEqual(featured);
  expect(recommended.slice(0, 5).filter((name) => featured.includes(name))).toEqual([]);
  expect(recommended).not.toContain(liked.name);

  // No card says "0 subscribers" or "0 issues".
  const zeroCounts = await page
    .locator("main article p span")
    .evaluateAll((spans) => spans.map((span) => span.textContent ?? "").filter((text) => /(^|·)\s*0 (subscriber|issue)s?$/.test(text)));
  expect(zeroCounts).toEqual([]);

  // The carousel scrolls, snapping to a card, with a button at the edge where more is to be seen; by keyboard too.
  const carousel = page.getByRole("list", { name: "Featured newsletters" });
  expect(await carousel.evaluate((node) => getComputedStyle(node).scrollSnapType)).toBe("x mandatory");
  const right = page.getByRole("button", { name: "Scroll Featured newsletters right" });
  await expect(page.getByRole("button", { name: "Scroll Featured newsletters left" })).toHaveCount(0);
  await right.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => carousel.evaluate((node) => node.scrollLeft)).toBeGreaterThan(200);
  await expect(page.getByRole("button", { name: "Scroll Featured newsletters left" })).toBeVisible();
});

test("Settings is in tabs that work by keyboard and open from a link, on a desktop and on a phone", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signedInReader(page);
  await page.goto("/settings");
  const tabs = page.getByRole("tablist", { name: "Settings" });
  const tab = (name: string) => tabs.getByRole("tab", { name, exact: true });
  await expect(tab("Account")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("logged-in-as")).toBeVisible();
  await expect(page.getByText("Your Unique Email")).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  // The first tab is shorter than two screens (the single column was 4,792 px at 1440 x 900).
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(2 * DESKTOP.height);

  await tab("Account").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Mail in")).toBeFocused();
  await expect(tab("Mail in")).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\/settings#mail-in$/);
  await expect(page.getByRole("heading", { name: "Connected mailboxes" })).toBeVisible();
  await expect(page.getByTestId("logged-in-as")).toBeHidden();
  await page.keyboard.press("End");
  await expect(tab("Data")).toBeFocused();
  await expect(page.getByRole("link", { name: "Download my data" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Account")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(tab("Data")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(tab("Account")).toHaveAttribute("aria-selected", "true");
  // Tab leaves the tab list for the panel's first control.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tabpanel", { name: "Account" }).locator(":focus")).toHaveCount(1);

  // A link opens a tab, or the tab holding the section it names.
  await page.goto("/settings#reading");
  await expect(tab("Reading")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Blocked senders" })).toBeVisible();
  await page.goto("/settings#digest");
  await expect(tab("Reading")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("region", { name: "Digest" }).getByRole("heading", { name: "Digest" })).toBeInViewport();

  await page.setViewportSize(PHONE);
  await page.goto("/settings#data");
  await expect(tab("Data")).toHaveAttribute("aria-selected", "true");
  for (const name of ["Account", "Mail in", "Reading", "Data"]) await expect(tab(name)).toBeInViewport({ ratio: 0.9 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});
