import { createRequire } from "node:module";
import type AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { articleHtml, deliver } from "./reading-support";
import { newAccount, registerByApi } from "./support";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
// An issue's body is the publisher's HTML, not ours. Axe cannot look inside it anyway: the frame runs no
// scripts, so axe's timers there never fire. The journeys assert the frame's own name where it shows.
const NEWSLETTER_BODY = "iframe[sandbox]";

export type Seeded = {
  email: string;
  password: string;
  subject: string;
  issueId: number;
  shareId: string;
  newsletterId: number;
  newsletterName: string;
};

// WCAG 2.5.3 (label in name) is level A of 2.1, but axe ships its rule as experimental, off unless asked.
const LABEL_IN_NAME = "label-content-name-mismatch";
// Axe files headings and landmarks under best practice, as moderate: the journeys hold them all the same.
const STRUCTURE = [
  "heading-order",
  "page-has-heading-one",
  "landmark-one-main",
  "landmark-unique",
  "landmark-no-duplicate-banner",
  "landmark-no-duplicate-contentinfo",
  "landmark-no-duplicate-main",
];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type AxeContext = { include: string[]; exclude: string[] };
type AxeOptions = Parameters<AxeBuilder["options"]>[0];
type AxeInPage = {
  run: (context: AxeContext, options: AxeOptions) => Promise<AxeResults>;
  utils: { getFrameContexts: (context: AxeContext) => unknown[] };
};

// The axe that @axe-core/playwright ships (it pins a version of its own), run in the page itself. Its AxeBuilder
// loaded the whole source again for every audit, gathered every rule's passing nodes too and sent them all to a new
// tab to be merged: some 2 s an audit, where the same run in the page takes a few hundred ms and finds the same.
const AXE_SOURCE = (createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as { source: string }).source;

/**
 * Runs axe on what the page shows now and returns its serious and critical findings (and broken structure), one line each.
 * `within` audits only what that selector matches: an open dialog over a page audited just before, which the dialog's
 * backdrop leaves unchanged and unreadable for a contrast check.
 */
export async function audit(page: Page, screen: string, { within }: { within?: string } = {}): Promise<string[]> {
  const rules = Object.fromEntries([LABEL_IN_NAME, ...STRUCTURE].map((rule) => [rule, { enabled: true }]));
  // Only violations are read: axe then keeps one node of each rule that passed, instead of them all.
  const options: AxeOptions = { runOnly: { type: "tag", values: WCAG_TAGS }, rules, resultTypes: ["violations"] };
  const context: AxeContext = { include: within ? [within] : [], exclude: [NEWSLETTER_BODY] };
  // Once a document: a dialog or a tab opened in place keeps the copy the screen's first audit loaded.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const { frames, results } = await page.evaluate(
    async ({ context, options }) => {
      const axe = (window as unknown as { axe: AxeInPage }).axe;
      const frames = axe.utils.getFrameContexts(context).length;
      return { frames, results: frames === 0 ? await axe.run(context, options) : null };
    },
    { context, options },
  );
  // Axe would wait on each frame it audits for results of the frame's own, and none has axe loaded.
  expect(frames, `${screen}: frames axe would audit besides the newsletter's body`).toBe(0);
  return (results?.violations ?? [])
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical" || STRUCTURE.includes(violation.id))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${screen}: ${violation.id} at ${node.target.join(" ")} — ${(node.failureSummary ?? "").split("\n").slice(1).join(" ").trim()}`,
      ),
    );
}

/**
 * Axe leaves placeholders out of its contrast check, yet a placeholder is text a reader has to read
 * (WCAG 1.4.3): each shown placeholder against the background it sits on needs 4.5:1.
 */
export async function placeholderContrast(page: Page, screen: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    // Colours come back as oklch(); a canvas turns any CSS colour into sRGB bytes.
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!canvas) return ["no canvas"];
    const rgba = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      return Array.from(canvas.getImageData(0, 0, 1, 1).data);
    };
    const luminance = ([r, g, b]: number[]) =>
      [r, g, b]
        .map((value) => value / 255)
        .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
    const backgroundOf = (node: Element | null): number[] => {
      for (let at = node; at; at = at.parentElement) {
        const color = rgba(getComputedStyle(at).backgroundColor);
        if (color[3] === 255) return color;
      }
      return rgba(getComputedStyle(document.body).backgroundColor);
    };
    return Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[placeholder], textarea[placeholder]"))
      .filter((field) => field.checkVisibility() && field.value === "")
      .flatMap((field) => {
        const [text, back] = [luminance(rgba(getComputedStyle(field, "::placeholder").color)), luminance(backgroundOf(field))];
        const ratio = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
        return ratio < 4.5 ? [`placeholder "${field.placeholder}" has contrast ${ratio.toFixed(2)}`] : [];
      });
  });
  return found.map((line) => `${screen}: ${line}`);
}

// More cards than a desktop row shows, so each carousel still has more to scroll to and shows its arrows.
const CARDS_PER_LIST = 6;

/**
 * Discover lists the whole catalog, some four hundred cards, and auditing them all was half of each sweep: every
 * list keeps its first CARDS_PER_LIST cards, the same card in every list and theme, and every category its section.
 */
export async function shortenCatalogLists(page: Page) {
  await page.route(/\/api\/newsletters\/(featured|recommended|category\/\d+)$/, async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as { items: unknown[] };
    await route.fulfill({ response, json: { ...list, items: list.items.slice(0, CARDS_PER_LIST) } });
  });
}

/** Whether a focused card's ring (2 px outside it) fits inside the scrolling list that holds it. */
export async function ringFitsInList(card: Locator): Promise<boolean> {
  return card.evaluate((node) => {
    const list = node.closest("ul");
    if (!list) return false;
    const [inner, outer] = [node.getBoundingClientRect(), list.getBoundingClientRect()];
    return inner.top - outer.top >= 2 && outer.bottom - inner.bottom >= 2;
  });
}

/** A reader with something in every list: two issues, a like, a favourite, a comment, a folder and a subscription. */
export async function seedReader(request: APIRequestContext): Promise<Seeded> {
  const account = newAccount("a11y");
  const { user } = await registerByApi(request, account);
  // Readers of one issue share its comments: a newsletter of this run's own keeps earlier runs' comments away.
  const from = `Field Notes <notes@${account.email.split("@")[0]}.example>`;
  const subject = "Field notes on quiet streets";
  const otherId = await deliver(request, user.unique_email, {
    from,
    subject: "Earlier dispatch",
    html: articleHtml("Earlier dispatch"),
    date: new Date(Date.now() - 86_400_000),
  });
  // Long enough to scroll past the scroll-to-top threshold at desktop width, whatever the toolbar's height.
  const issueId = await deliver(request, user.unique_email, { from, subject, html: articleHtml(subject, 1200) });
  expect((await request.put(`/api/issues/${issueId}/interactions`, { data: { is_liked: true } })).ok()).toBe(true);
  expect((await request.put(`/api/issues/${otherId}/interactions`, { data: { is_favorited: true } })).ok()).toBe(true);
  expect((await request.post(`/api/issues/${issueId}/comments`, { data: { content: "A careful read." } })).status()).toBe(201);
  const folder = (await (await request.post("/api/users/me/folders", { data: { name: "Keepers" } })).json()) as { id: number };
  expect((await request.post(`/api/users/me/folders/${folder.id}/emails`, { data: { email_id: otherId } })).ok()).toBe(true);
  const { items } = (await (await request.get("/api/newsletters/featured")).json()) as {
    items: { id: number; name: string; categories: unknown[] }[];
  };
  // Catalog entries only: a database shared with the integration suites may hold their seeded ones first.
  const newsletter = items.filter((item) => item.categories.length > 0)[0];
  expect((await request.post("/api/newsletters/subscribe", { data: { newsletter_metadata_id: newsletter.id } })).ok()).toBe(true);
  const issue = (await (await request.get(`/api/issues/${issueId}`)).json()) as { public_share_id: string };
  return {
    email: account.email,
    password: account.password,
    subject,
    issueId,
    shareId: issue.public_share_id,
    newsletterId: newsletter.id,
    newsletterName: newsletter.name,
  };
}

/** The seeded reader's session in the page's own cookies; `onboarded` skips the onboarding modal. */
export async function signIn(page: Page, seeded: Seeded, { onboarded }: { onboarded: boolean }) {
  expect((await page.request.post("/api/auth/login", { data: { email: seeded.email, password: seeded.password } })).ok()).toBe(true);
  if (onboarded)
    expect((await page.request.patch("/api/users/me", { data: { model_metadata_field: { onboarded: true } } })).ok()).toBe(true);
}

/** The theme as a stored choice; sign-up pages and the clipboard stay on this machine. */
export async function prepare(page: Page, theme: "light" | "dark") {
  await page.addInitScript((chosen) => {
    localStorage.setItem("theme", chosen);
    // Sign-up pages are on publishers' sites, which the test machine cannot reach.
    window.open = () => null;
    Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.resolve() } });
  }, theme);
  page.on("dialog", (dialog) => void dialog.dismiss());
}

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it is never reached. */
export async function tabTo(page: Page, target: Locator, { back = false, limit = 60 } = {}) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/**
 * Tabs from the top of the page to its end and reports, one line each, every stop without a visible
 * focus indicator (an outline or ring that only focus draws, on the control or a close ancestor), every
 * visible control that Tab never reached, and a Tab order that does not get out (a trap).
 * `limit` bounds the stops checked on a very long page; reachability is then not judged.
 */
export async function tabSweep(page: Page, screen: string, limit?: number): Promise<string[]> {
  const controls = await page.evaluate(() => {
    const selector =
      "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]";
    const found = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
      (node) => node.tabIndex >= 0 && node.checkVisibility() && !node.closest("[inert]"),
    );
    found.forEach((node, index) => (node.dataset.sweep = String(index)));
    (document.activeElement as HTMLElement | null)?.blur();
    return found.map(
      (node) => `${node.tagName.toLowerCase()} "${(node.getAttribute("aria-label") ?? node.textContent ?? "").trim().slice(0, 60)}"`,
    );
  });
  const stops = limit ?? controls.length + 5;
  const seen = new Set<string>();
  const problems: string[] = [];
  let first: string | null = null;
  let leftPage = false;
  for (let press = 0; press < stops; press++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const node = document.activeElement;
      if (!(node instanceof HTMLElement) || node === document.body) return null;
      const label = `${node.tagName.toLowerCase()} "${(node.getAttribute("aria-label") ?? node.textContent ?? "").trim().slice(0, 60)}"`;
      // The newsletter's own links are inside the frame: the frame is one stop, its content the publisher's.
      if (node.tagName === "IFRAME") return { id: node.dataset.sweep ?? "", label, indicated: true };
      const looks = () => {
        const styles: string[] = [];
        for (let at: HTMLElement | null = node, depth = 0; at && depth < 4; at = at.parentElement, depth++) {
          const style = getComputedStyle(at);
          styles.push(`${style.outlineStyle} ${style.outlineWidth} ${style.boxShadow} ${style.borderColor}`);
        }
        return styles.join("|");
      };
      const focused = looks();
      node.blur();
      const unfocused = looks();
      node.focus({ preventScroll: true });
      return { id: node.dataset.sweep ?? "", label, indicated: focused !== unfocused };
    });
    // Past the last control focus leaves the document, or wraps to the first: either way it got out.
    if (!stop || stop.id === first) {
      leftPage = true;
      break;
    }
    if (stop.id !== "" && seen.has(stop.id)) {
      problems.push(`${screen}: Tab loops back to ${stop.label} and never leaves`);
      break;
    }
    if (first === null && stop.id !== "") first = stop.id;
    seen.add(stop.id);
    if (!stop.indicated) problems.push(`${screen}: no visible focus indicator on ${stop.label}`);
  }
  if (limit === undefined) {
    if (!leftPage && !problems.some((line) => line.includes("never leaves")))
      problems.push(`${screen}: Tab never left the page after ${stops} presses`);
    // A control that went away meanwhile (scroll-to-top once back at the top) was not skipped.
    const stillShown = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>("[data-sweep]"))
        .filter((node) => node.checkVisibility())
        .map((node) => node.dataset.sweep),
    );
    controls.forEach((label, index) => {
      if (!seen.has(String(index)) && stillShown.includes(String(index))) problems.push(`${screen}: Tab never reached ${label}`);
    });
  }
  return problems;
}
