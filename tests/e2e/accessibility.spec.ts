import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  audit,
  placeholderContrast,
  prepare,
  ringFitsInList,
  seedReader,
  shortenCatalogLists,
  signIn,
  tabSweep,
  tabTo,
  type Seeded,
} from "./accessibility-support";
import { focusInDialog, openFeedFilters } from "./support";

// The two sweeps take minutes each and every test seeds a reader of its own: they share the workers
// instead of running one after another in one worker, the run's longest tail.
test.describe.configure({ mode: "parallel" });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const DIALOG = "[role=dialog]";

const THEMES = ["light", "dark"] as const;

/**
 * Switches the page's theme in place, as the header's toggle does (components/theme-toggle.tsx), and waits
 * until the screen has drawn it: React's answer to the class and the colour transitions it starts.
 */
async function showTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate(async (theme) => {
    const root = document.documentElement;
    root.classList.remove("light", "dark");
    root.classList.add(theme);
    root.style.colorScheme = theme;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  }, theme);
}

/**
 * Every screen of docs/spec.md section 2 and the dialogs they open, as a guest and then as the seeded reader,
 * each audited in the light theme and then, switched in place, in the dark one.
 */
async function auditEveryScreen(page: Page, seeded: Seeded, phone: boolean): Promise<string[]> {
  const found: string[] = [];
  const inEachTheme = async (screen: string, within?: string) => {
    for (const theme of THEMES) {
      await showTheme(page, theme);
      const named = `${screen} (${theme})`;
      found.push(...(await audit(page, named, { within })), ...(await placeholderContrast(page, named)));
    }
    await showTheme(page, "light");
  };
  const check = (screen: string) => inEachTheme(screen);
  // A dialog opened over a screen audited just before: axe looks at the dialog alone.
  const checkDialog = (screen: string) => inEachTheme(screen, DIALOG);

  await page.goto("/");
  await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible();
  await check("landing (guest)");
  await page.goto("/login");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Email and password are required." })).toBeVisible();
  await check("/login");
  await page.goto("/register");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "All fields are required." })).toBeVisible();
  await check("/register");
  await page.goto(`/issues/share/${seeded.shareId}`);
  await expect(page.getByRole("heading", { level: 1, name: seeded.subject })).toBeVisible();
  await expect(page.getByTitle(`Content of ${seeded.subject}`)).toBeVisible();
  await check("shared issue");
  await page.goto("/issues/share/not-a-real-share");
  await expect(page.getByText("Email not found. The link may be invalid or expired.")).toBeVisible();
  await check("shared issue (missing)");

  await signIn(page, seeded, { onboarded: false });
  await page.goto("/feed");
  const onboarding = page.getByRole("dialog");
  await expect(onboarding.getByRole("img", { name: "Step 1 of 3" })).toBeVisible();
  await check("onboarding step 1");
  await onboarding.getByRole("button", { name: "Get Started" }).click();
  await expect(onboarding.getByLabel("Your unique email")).toBeVisible();
  await check("onboarding step 2");
  await onboarding.getByRole("button", { name: "Save" }).click();
  await expect(onboarding.getByRole("list", { name: "Popular newsletters" })).toBeVisible();
  await check("onboarding step 3");
  await onboarding.getByRole("button", { name: "Explore The App" }).click();
  await expect(onboarding).toBeHidden();

  const card = page.getByRole("article", { name: seeded.subject, exact: true });
  await expect(card).toBeVisible();
  await openFeedFilters(page);
  await check("/feed");
  // A phone shows one column whichever view is chosen, so it offers no choice.
  for (const view of phone ? [] : ["1 column", "Grid"]) {
    await page.getByRole("button", { name: view, exact: true }).click();
    await check(`/feed (${view})`);
  }
  await card.getByRole("button", { name: /^Folders and favourites for/ }).click();
  await expect(page.getByRole("dialog", { name: "Folders and favourites" }).getByRole("checkbox", { name: "Keepers" })).toBeVisible();
  await checkDialog("/feed folders dialog");
  await page.keyboard.press("Escape");
  await card.getByRole("button", { name: /^Share / }).click();
  await expect(page.getByRole("dialog", { name: "Share this issue" })).toBeVisible();
  await checkDialog("/feed share dialog");
  await page.keyboard.press("Escape");
  await card.getByRole("button", { name: /^Confirm subscription to/ }).click();
  await expect(page.getByRole("dialog", { name: "Confirm subscription" })).toBeVisible();
  await checkDialog("/feed subscribe dialog");
  await page.keyboard.press("Escape");
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await checkDialog("/feed shortcuts dialog");
  await page.keyboard.press("Escape");
  if (phone) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await checkDialog("mobile menu");
    await page.keyboard.press("Escape");
  }

  await page.goto(`/emails/${seeded.issueId}`);
  await expect(page.getByRole("heading", { level: 1, name: seeded.subject })).toBeVisible();
  await expect(page.getByTitle(`Content of ${seeded.subject}`)).toBeVisible();
  await expect(page.getByRole("link", { name: /Earlier dispatch/ })).toBeVisible();
  await check("issue with recent issues");
  await page.getByRole("button", { name: "Comment" }).click();
  await expect(page.getByText("A careful read.")).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole("button", { name: "Scroll to top" })).toBeVisible();
  await check("issue with comments");

  await shortenCatalogLists(page);
  await page.goto("/discover");
  const featured = page.getByRole("list", { name: "Featured newsletters" });
  await expect(featured.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Trending emails" }).or(page.getByText("No trending emails this week."))).toBeVisible();
  await check("/discover");
  await featured
    .getByRole("button", { name: /^Subscribe to / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: /^Subscribe to / })).toBeVisible();
  await checkDialog("/discover subscribe dialog");
  await page.keyboard.press("Escape");
  await page.getByLabel("Search newsletters").fill("zzzz-no-such-newsletter");
  await expect(page.getByText("No newsletters found for your search.")).toBeVisible();
  await check("/discover search");

  await page.goto(`/newsletter/${seeded.newsletterId}`);
  await expect(page.getByRole("heading", { level: 1, name: seeded.newsletterName })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Quick Stats" })).toBeVisible();
  await check("/newsletter");

  await page.goto("/subscriptions");
  const lists = page.getByRole("navigation", { name: "Subscription lists" });
  // A card's title is one level below its panel's heading.
  await expect(page.getByRole("article", { name: seeded.newsletterName }).getByRole("heading", { level: 4 })).toBeVisible();
  await check("/subscriptions All Newsletters");
  for (const [name, shown] of [
    ["Favorites", "Earlier dispatch"],
    ["Liked Posts", seeded.subject],
    ["My Comments", "A careful read."],
    ["Keepers", "Earlier dispatch"],
  ] as const) {
    await lists.getByRole("button", { name: new RegExp(`^${name}`) }).click();
    await expect(page.getByText(shown, { exact: true }).first()).toBeVisible();
    await check(`/subscriptions ${name}`);
  }

  await page.goto("/settings");
  await expect(page.getByText("Your Unique Email")).toBeVisible();
  await check("/settings");
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Go to my feed" })).toBeVisible();
  await check("landing (signed in)");
  return found;
}

for (const [size, viewport] of [
  ["desktop", DESKTOP],
  ["390 x 844 phone", PHONE],
] as const) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });
    test("every screen in the light and the dark theme passes WCAG 2.1 AA checks with no serious or critical violation", async ({
      page,
      request,
    }) => {
      // Some two dozen screens, each checked by axe in both themes: 2-4 minutes on a 2-core machine beside the other worker.
      test.setTimeout(480_000);
      const seeded = await seedReader(request);
      await prepare(page, "light");
      expect(await auditEveryScreen(page, seeded, viewport.width <= 768)).toEqual([]);
    });
  });
}

/** Escape closes the open dialog and gives focus back to the control that opened it. */
async function escapeBackTo(page: Page, opener: Locator) {
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(opener).toBeFocused();
}

/** Focus is in the dialog, and stays there however far Tab and Shift+Tab go. */
async function expectFocusTrapped(page: Page, name: string | RegExp) {
  const label = await page.getByRole("dialog", { name }).getAttribute("aria-label");
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await focusInDialog(page, label ?? undefined), `focus after ${key}`).toBe(true);
  }
}

test.describe("with the keyboard alone", () => {
  test.use({ viewport: DESKTOP });

  test("a reader opens, uses and closes every dialog, and focus comes back to what opened it", async ({ page, request }) => {
    test.setTimeout(120_000);
    const seeded = await seedReader(request);
    await prepare(page, "light");
    await signIn(page, seeded, { onboarded: true });

    await page.goto("/feed");
    const card = page.getByRole("article", { name: seeded.subject, exact: true });
    const bookmark = card.getByRole("button", { name: /^Folders and favourites for/ });
    await tabTo(page, bookmark);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Folders and favourites" }).getByRole("checkbox", { name: "Keepers" })).toBeVisible();
    await expectFocusTrapped(page, "Folders and favourites");
    await escapeBackTo(page, bookmark);

    const share = card.getByRole("button", { name: /^Share / });
    await tabTo(page, share);
    await page.keyboard.press(" ");
    await expectFocusTrapped(page, "Share this issue");
    await escapeBackTo(page, share);

    // Confirming takes the icon away with the dialog; focus lands on the page, not on nothing.
    const confirmIcon = card.getByRole("button", { name: /^Confirm subscription to/ });
    await tabTo(page, confirmIcon, { back: true });
    await page.keyboard.press("Enter");
    const confirmDialog = page.getByRole("dialog", { name: "Confirm subscription" });
    await tabTo(page, confirmDialog.getByRole("button", { name: "Confirm subscription" }));
    await page.keyboard.press("Enter");
    await expect(confirmDialog).toBeHidden();
    await expect(confirmIcon).toHaveCount(0);
    await expect(page.getByRole("main")).toBeFocused();

    await page.goto(`/emails/${seeded.issueId}`);
    const addToFolder = page.getByRole("button", { name: "Add to folder" });
    await tabTo(page, addToFolder);
    await page.keyboard.press("Enter");
    const folders = page.getByRole("dialog", { name: "Folders and favourites" });
    const keepers = folders.getByRole("checkbox", { name: "Keepers" });
    await tabTo(page, keepers);
    await page.keyboard.press(" ");
    await expect(keepers).toBeChecked();
    await tabTo(page, folders.getByRole("button", { name: "Save" }));
    await page.keyboard.press("Enter");
    await expect(folders).toBeHidden();
    await expect(page.getByRole("button", { name: "Edit folders" })).toBeFocused();

    const comment = page.getByRole("button", { name: "Comment" });
    await tabTo(page, comment);
    await page.keyboard.press(" ");
    await expect(comment).toHaveAttribute("aria-expanded", "true");
    await tabTo(page, page.getByLabel("Add a comment"));
    await page.keyboard.type("Typed without a mouse.");
    await tabTo(page, page.getByRole("button", { name: "Submit" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("list", { name: "Comments" }).getByText("Typed without a mouse.")).toBeVisible();

    await page.goto("/discover");
    const subscribe = page
      .getByRole("list", { name: "Featured newsletters" })
      .getByRole("button", { name: /^Subscribe to / })
      .first();
    await tabTo(page, subscribe);
    expect(
      await ringFitsInList(page.getByRole("list", { name: "Featured newsletters" }).getByRole("article").first()),
      "a focused card's ring is not cut off",
    ).toBe(true);
    await page.keyboard.press("Enter");
    await expectFocusTrapped(page, /^Subscribe to /);
    await escapeBackTo(page, subscribe);

    await page.goto(`/newsletter/${seeded.newsletterId}`);
    const unsubscribe = page.getByRole("button", { name: "Unsubscribe" });
    await tabTo(page, unsubscribe);

    await page.goto("/subscriptions");
    const favorites = page.getByRole("button", { name: /^Favorites/ });
    await tabTo(page, favorites);
    await page.keyboard.press(" ");
    await expect(page.getByRole("heading", { name: "Favorites", exact: true })).toBeVisible();
    await tabTo(page, page.getByRole("button", { name: /^Liked Posts/ }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Liked Posts", exact: true })).toBeVisible();

    await page.goto("/settings");
    await tabTo(page, page.getByRole("button", { name: "Copy" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
  });

  test("Tab reaches every control of every screen, each with a visible focus indicator, and never gets stuck", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const seeded = await seedReader(request);
    await prepare(page, "light");
    const found: string[] = [];
    for (const url of ["/", "/login", "/register", `/issues/share/${seeded.shareId}`]) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      found.push(...(await tabSweep(page, url)));
    }
    await signIn(page, seeded, { onboarded: true });
    for (const url of [
      "/feed",
      `/emails/${seeded.issueId}`,
      `/emails/${seeded.issueId}?showComments=true`,
      `/newsletter/${seeded.newsletterId}`,
      "/subscriptions",
      "/settings",
    ]) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("status")).toHaveCount(0);
      found.push(...(await tabSweep(page, url)));
    }
    // Discover lists the whole catalog; its first screenful of stops stands for the rest.
    await page.goto("/discover");
    await expect(page.getByRole("list", { name: "Featured newsletters" })).toBeVisible();
    found.push(...(await tabSweep(page, "/discover", 40)));
    expect(found).toEqual([]);
  });
});

test.describe("on a 390 x 844 phone, with the keyboard alone", () => {
  test.use({ viewport: PHONE });

  test("the menu opens, holds focus, closes with Escape and leads to another screen", async ({ page, request }) => {
    const seeded = await seedReader(request);
    await prepare(page, "dark");
    await signIn(page, seeded, { onboarded: true });
    await page.goto("/feed");

    const openMenu = page.getByRole("button", { name: "Open menu" });
    await tabTo(page, openMenu);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectFocusTrapped(page, "Menu");
    await escapeBackTo(page, openMenu);

    await page.keyboard.press(" ");
    const menu = page.getByRole("dialog", { name: "Menu" });
    await tabTo(page, menu.getByRole("link", { name: "Discover" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/discover$/);
    await expect(menu).toBeHidden();

    // The issue page has no header; its menu button floats over the page instead.
    await page.goto(`/emails/${seeded.issueId}`);
    await expect(page.getByRole("heading", { level: 1, name: seeded.subject })).toBeVisible();
    await tabTo(page, page.getByRole("button", { name: "Open menu" }));
    await page.keyboard.press("Enter");
    await expectFocusTrapped(page, "Menu");
    await escapeBackTo(page, page.getByRole("button", { name: "Open menu" }));
  });

  test("Tab reaches every control of the phone screens, each with a visible focus indicator", async ({ page, request }) => {
    test.setTimeout(180_000);
    const seeded = await seedReader(request);
    await prepare(page, "dark");
    await signIn(page, seeded, { onboarded: true });
    const found: string[] = [];
    for (const url of ["/feed", `/emails/${seeded.issueId}?showComments=true`, "/subscriptions", "/settings"]) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("status")).toHaveCount(0);
      found.push(...(await tabSweep(page, url)));
    }
    expect(found).toEqual([]);
  });
});
