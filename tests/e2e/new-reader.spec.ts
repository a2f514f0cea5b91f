import { expect, test, type Page } from "@playwright/test";
import { articleHtml, deliver, issueCard } from "./reading-support";
import { openFeedFilters, registerByApi, signedInReader } from "./support";

// What a new reader tripped on (issue 46), each at the size where it was seen.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Every host the page asks, from now on; and the console's errors. */
function watch(page: Page) {
  const hosts = new Set<string>();
  const errors: string[] = [];
  page.on("request", (request) => hosts.add(new URL(request.url()).host));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return { hosts, errors };
}

test.describe("at 1440 x 900", () => {
  test.use({ viewport: DESKTOP });

  test("a search that finds nothing says so, names it and clears it; results say how many matched", async ({ page }) => {
    const { user } = await signedInReader(page);
    await deliver(page.request, user.unique_email, { subject: "Alpha harbour notes", html: articleHtml("Alpha harbour notes") });
    await deliver(page.request, user.unique_email, { subject: "Bravo hill notes", html: articleHtml("Bravo hill notes") });

    await page.goto("/feed?search=zebracorn");
    await expect(page.getByText("No issues match your search for \u201czebracorn\u201d.")).toBeVisible();
    await expect(page.getByText("No newsletters in your feed yet.")).toHaveCount(0);
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(issueCard(page, "Alpha harbour notes")).toBeVisible();
    await expect(page.getByLabel("Search your feed")).toHaveValue("");

    await page.getByLabel("Search your feed").fill("harbour");
    await expect(page.getByRole("status").filter({ hasText: "1 issue matches your search for \u201charbour\u201d." })).toBeVisible();
    await expect(issueCard(page, "Bravo hill notes")).toHaveCount(0);

    await page.goto("/feed?read=read");
    await expect(page.getByText("No issues match this filter: Read.")).toBeVisible();
    await page.getByRole("link", { name: "Clear filter" }).click();
    await expect(page.getByRole("status").filter({ hasText: /match/ })).toHaveCount(0);
    await openFeedFilters(page);
    await page.getByLabel("Read status").selectOption("unread");
    await expect(page.getByRole("status").filter({ hasText: "2 issues match this filter: Unread." })).toBeVisible();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`a newsletter mail filed and the reader never confirmed reads Unconfirmed with one primary action (${colorScheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      const { user } = await signedInReader(page);
      const tag = Math.random().toString(36).slice(2, 8);
      await deliver(page.request, user.unique_email, {
        subject: "Sticky news",
        from: `Sticky ${tag} <news@sticky-${tag}.example>`,
        html: articleHtml("Sticky news"),
        headers: [`List-Unsubscribe: <https://sticky-${tag}.example/leave>`],
      });
      await page.goto("/subscriptions");
      const card = page.getByRole("article", { name: `Sticky ${tag}` });
      await expect(card.getByText("Unconfirmed", { exact: true })).toBeVisible();
      await expect(card.getByText(/Unsubscribed/)).toHaveCount(0);
      const background = (name: string) =>
        card.getByRole("button", { name, exact: true }).evaluate((element) => getComputedStyle(element).backgroundColor);
      // Subscribe is the filled button; Unsubscribe is there, but quiet (no fill of its own).
      expect(await background("Subscribe")).not.toBe("rgba(0, 0, 0, 0)");
      expect(await background("Unsubscribe")).toBe("rgba(0, 0, 0, 0)");
    });
  }

  test("a picture the server cannot fetch is dropped when the issue is filed: no empty slot, no request, no console error", async ({
    page,
  }) => {
    const { user } = await signedInReader(page);
    const id = await deliver(page.request, user.unique_email, {
      subject: "Pictures that never came",
      html: `<html><body><img src="https://pictures.unreachable.example/hero.jpg" alt="Hero" width="600" height="300"><p>${"Words beside a picture. ".repeat(40)}</p></body></html>`,
    });
    // The server tried it on a job after filing, through the guard, and kept nothing to show.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/issues/${id}`)).json()) as { thumbnail_image_url: string | null }).thumbnail_image_url,
      )
      .toBeNull();
    const seen = watch(page);
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.goto("/feed");
    const card = issueCard(page, "Pictures that never came");
    await expect(card).toBeVisible();
    await expect(card.getByTestId("thumbnail")).toHaveCount(0);
    expect(asked.filter((path) => path.startsWith("/img/thumbnail/"))).toEqual([]);
    expect(seen.errors).toEqual([]);
  });

  test("selecting text in reader view offers a highlight, and Comment opens the comments in view", async ({ page }) => {
    const { user } = await signedInReader(page);
    const subject = "Shore notes in reader view";
    const id = await deliver(page.request, user.unique_email, {
      subject,
      html: `<html><body><h1>${subject}</h1><p>${"The tide was low and the herons stood in the shallows. ".repeat(12)}</p><p>${"Later the wind turned west. ".repeat(30)}</p></body></html>`,
    });
    await page.goto(`/emails/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByRole("button", { name: "Comment" }).click();
    const comments = page.getByRole("region", { name: "Comments" });
    await expect(comments).toBeInViewport();
    await expect(comments.getByText("No comments yet. Be the first to comment!")).toBeInViewport();

    await page.keyboard.press("v");
    const reader = page.getByRole("article", { name: `Reader view of ${subject}` });
    await expect(reader).toBeVisible();
    await reader.getByText(/^Later the wind turned west/).click({ clickCount: 3 });
    const popover = page.getByRole("dialog", { name: "Highlight the selection" });
    await expect(popover).toBeInViewport();
    await popover.getByRole("button", { name: "Highlight in green" }).click();
    await expect(reader.locator("mark[data-highlight-id]")).toHaveCount(1);
    await expect(page.getByRole("region", { name: /^Highlights/ }).getByRole("listitem")).toContainText("Later the wind turned west");
  });

  test("reader view keeps a picture as wide as its sender made it, up to the column", async ({ page }) => {
    const { user } = await signedInReader(page);
    const subject = "A wide picture";
    const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGM4YRMFRwzIHACRugrxvYKi9wAAAABJRU5ErkJggg==";
    const id = await deliver(page.request, user.unique_email, {
      subject,
      html: `<html><body><table><tr><td><table><tr><td><img src="data:image/png;base64,${PNG}" alt="Chart" width="600" height="300"></td></tr></table><p>${"What the chart shows, at length. ".repeat(30)}</p></td></tr></table></body></html>`,
    });
    await page.goto(`/emails/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await page.keyboard.press("v");
    const image = page.getByRole("article", { name: `Reader view of ${subject}` }).getByRole("img", { name: "Chart" });
    await expect(image).toBeVisible();
    await expect.poll(async () => (await image.boundingBox())?.width).toBe(600);
  });

  test("search tips open over the cards, and Escape closes them", async ({ page }) => {
    const { user } = await signedInReader(page);
    await deliver(page.request, user.unique_email, { subject: "Tips do not push", html: articleHtml("Tips do not push") });
    await page.goto("/feed");
    const card = issueCard(page, "Tips do not push");
    await expect(card).toBeVisible();
    const before = (await card.boundingBox())?.y;
    await page.getByRole("button", { name: "Search tips" }).click();
    await expect(page.getByText("Words find issues that hold them all.")).toBeVisible();
    expect((await card.boundingBox())?.y).toBe(before);
    await page.keyboard.press("Escape");
    await expect(page.getByText("Words find issues that hold them all.")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Search tips" })).toBeFocused();
  });

  test("onboarding's popular newsletters name their category in words, without emoji a font may lack", async ({ page }) => {
    await registerByApi(page.request);
    await page.goto("/feed");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Get Started" }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    const links = dialog.getByRole("list", { name: "Popular newsletters" }).getByRole("link");
    await expect(links.first()).toBeVisible();
    const texts = await links.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  test("the issue page, which has no header, switches the theme with t and from More", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    const { user } = await signedInReader(page);
    const id = await deliver(page.request, user.unique_email, { subject: "Themes on the issue", html: articleHtml("Themes on the issue") });
    await page.goto(`/emails/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Themes on the issue" })).toBeVisible();
    const html = page.locator("html");
    await expect(html).toHaveClass(/\blight\b/);
    await page.keyboard.press("t");
    await expect(html).toHaveClass(/\bdark\b/);
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Switch to light theme" }).click();
    await expect(html).toHaveClass(/\blight\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });
});

for (const [size, viewport] of [
  ["1440 x 900", DESKTOP],
  ["390 x 844", PHONE],
] as const) {
  test(`at ${size}, the feed, Discover, Subscriptions and an issue ask no host but this app's`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport);
    const { user } = await signedInReader(page);
    const id = await deliver(page.request, user.unique_email, {
      subject: "Pictures from afar",
      html: `<html><body><img src="https://pictures.unreachable.example/cover.jpg" alt="Cover" width="600" height="300"><p>${"Words about far pictures. ".repeat(30)}</p></body></html>`,
    });
    const seen = watch(page);
    for (const path of ["/feed", "/discover", "/subscriptions", `/emails/${id}`]) {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      if (path === "/discover") {
        const featured = page.getByRole("list", { name: "Featured newsletters" });
        await expect(featured.getByRole("listitem").first()).toBeVisible();
        // Catalog logos come through /img/logo/<id>: the first card's is asked of this app.
        await expect
          .poll(() => page.evaluate(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/img/logo/"))))
          .toBe(true);
      }
      if (path.startsWith("/emails/")) await expect(page.getByTitle("Content of Pictures from afar")).toBeVisible();
    }
    expect([...seen.hosts]).toEqual([new URL(baseURL!).host]);
  });
}

test.describe("on a 390 x 844 phone", () => {
  test.use({ viewport: PHONE });

  test("the first screen holds six or more titles, without view buttons a phone cannot use", async ({ page }) => {
    const { user } = await signedInReader(page);
    for (let n = 1; n <= 9; n++)
      await deliver(page.request, user.unique_email, {
        subject: `Morning dispatch number ${n} on careful reporting`,
        from: `Dispatch ${n} <news@dispatch-${n}.example>`,
        html: articleHtml(`Dispatch ${n}`),
        date: new Date(Date.now() - n * 60_000),
      });
    await page.goto("/feed");
    await expect(issueCard(page, "Morning dispatch number 1 on careful reporting")).toBeVisible();
    await expect(page.getByRole("group", { name: "View" })).toBeHidden();
    const titles = await page.evaluate(
      () =>
        [...document.querySelectorAll("article h3")].filter((title) => {
          const box = title.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }).length,
    );
    expect(titles).toBeGreaterThanOrEqual(6);
  });

  test("an issue opens at its top unless the reader had scrolled past it, and says when it resumes", async ({ page }) => {
    const { user } = await signedInReader(page);
    const subject = "A long read for the phone";
    const id = await deliver(page.request, user.unique_email, { subject, html: articleHtml(subject, 3000) });
    const title = page.getByRole("heading", { level: 1, name: subject });

    // A place on the first screen (saved before places there stopped counting) is no place to resume.
    expect((await page.request.put(`/api/issues/${id}/progress`, { data: { fraction: 0.02 } })).ok()).toBe(true);
    await page.goto(`/emails/${id}`);
    await expect(title).toBeInViewport();
    await expect(page.getByText("Resumed where you left off")).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    expect((await page.request.put(`/api/issues/${id}/progress`, { data: { fraction: 0.6 } })).ok()).toBe(true);
    await page.goto(`/emails/${id}`);
    await expect(page.getByRole("status").filter({ hasText: "Resumed where you left off" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("button", { name: "Back to the top" }).click();
    await expect(title).toBeInViewport();
    await expect(page.getByText("Resumed where you left off")).toHaveCount(0);
  });
});
