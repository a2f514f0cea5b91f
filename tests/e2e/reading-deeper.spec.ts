import { expect, test, type Page } from "@playwright/test";
import { deliver, issueCard } from "./reading-support";
import { signedInReader } from "./support";

const paragraphs = (count: number) =>
  Array.from(
    { length: count },
    (_, n) =>
      `<p class="body">Part ${n + 1}. The harbour was quiet before dawn. Boats came in with the tide, and the market opened on time.</p>`,
  ).join("");

// Shaped like a Substack issue: a "view in browser" line, the post, and a footer Readability leaves out.
const essay = (title: string, count = 12) =>
  `<html><body><table class="header"><tr><td><a href="https://harbour.example/p/1">View in browser</a></td></tr></table>` +
  `<div class="post"><h1>${title}</h1>${paragraphs(count)}</div>` +
  `<div class="footer"><p>You subscribed to Harbour Notes. <a href="https://harbour.example/unsubscribe">Unsubscribe</a></p></div></body></html>`;

async function openIssue(page: Page, subject: string, count?: number) {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject, html: essay(subject, count) });
  await page.goto(`/emails/${id}`);
  await expect(page.getByRole("heading", { name: subject, level: 1 }).first()).toBeVisible();
  return id;
}

const frame = (page: Page, subject: string) => page.locator(`iframe[title="Content of ${subject}"]`);

/** window.speechSynthesis as a recorder: each utterance waits for the test to finish it. */
function stubSpeech() {
  type Stubbed = Window & { spoken: { text: string; rate: number }[]; speechCalls: string[]; finishUtterance: () => void };
  const stubbed = window as unknown as Stubbed;
  stubbed.spoken = [];
  stubbed.speechCalls = [];
  let current: SpeechSynthesisUtterance | null = null;
  const fire = (utterance: SpeechSynthesisUtterance | null, type: "end" | "error") => {
    if (!utterance) return;
    if (type === "end") utterance.onend?.(new Event("end") as SpeechSynthesisEvent);
    else utterance.onerror?.(Object.assign(new Event("error"), { error: "interrupted" }) as SpeechSynthesisErrorEvent);
  };
  const synth = {
    speaking: false,
    paused: false,
    speak(utterance: SpeechSynthesisUtterance) {
      stubbed.speechCalls.push("speak");
      stubbed.spoken.push({ text: utterance.text, rate: utterance.rate });
      current = utterance;
    },
    cancel() {
      stubbed.speechCalls.push("cancel");
      const cut = current;
      current = null;
      fire(cut, "error");
    },
    pause() {
      stubbed.speechCalls.push("pause");
    },
    resume() {
      stubbed.speechCalls.push("resume");
    },
    getVoices: () => [],
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  stubbed.finishUtterance = () => {
    const done = current;
    current = null;
    fire(done, "end");
  };
}

const spoken = (page: Page) => page.evaluate(() => (window as unknown as { spoken: { text: string; rate: number }[] }).spoken);
const speechCalls = (page: Page) => page.evaluate(() => (window as unknown as { speechCalls: string[] }).speechCalls);
const marked = (page: Page) =>
  page.evaluate(() => {
    const highlight = CSS.highlights.get("listen-sentence");
    return highlight ? [...highlight].map((range) => range.toString()) : [];
  });

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`deeper reading on a ${label}`, () => {
    test.use({ viewport });

    test("reader view with v: the main text at the reader's size, kept after a reload; back with v and Escape", async ({ page }) => {
      // A browser that cannot speak offers no Listen, and p does nothing.
      await page.addInitScript(() => {
        Reflect.deleteProperty(window, "speechSynthesis");
        Reflect.deleteProperty(Window.prototype, "speechSynthesis");
      });
      const subject = "Harbour at dawn";
      const id = await openIssue(page, subject);

      await page.keyboard.press("v");
      const reader = page.getByRole("article", { name: `Reader view of ${subject}` });
      await expect(reader).toContainText("Part 12. The harbour was quiet before dawn.");
      await expect(reader).not.toContainText("Unsubscribe");
      await expect(frame(page, subject)).toBeHidden();
      await expect(page.getByRole("button", { name: "Listen" })).toHaveCount(0);

      await page.getByRole("button", { name: "Larger text" }).click();
      await page.getByRole("button", { name: "Larger text" }).click();
      await page.getByRole("button", { name: "Narrow" }).click();
      await expect(reader).toHaveCSS("font-size", "24px");

      await page.reload();
      await expect(page.getByRole("heading", { name: subject, level: 1 }).first()).toBeVisible();
      await page.keyboard.press("p");
      await expect(reader).toBeHidden();
      await page.keyboard.press("v");
      await expect(reader).toHaveCSS("font-size", "24px");
      await expect(reader).toHaveCSS("max-width", "512px");
      await expect(page.getByRole("button", { name: "Narrow" })).toHaveAttribute("aria-pressed", "true");

      await page.keyboard.press("v");
      await expect(reader).toBeHidden();
      await expect(frame(page, subject)).toBeVisible();
      await page.keyboard.press("v");
      await expect(reader).toBeVisible();
      // Escape leaves reader view first, and only then the issue.
      await page.keyboard.press("Escape");
      await expect(reader).toBeHidden();
      await expect(frame(page, subject)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/emails/${id}$`));

      // The toolbar's button does the same (on a phone it waits in the bar's More menu).
      const readerControl = async () => {
        if (label === "desktop") return page.getByRole("toolbar", { name: "Issue actions" }).getByRole("button", { name: "Reader view" });
        await page.getByRole("button", { name: "More actions" }).click();
        return page.getByRole("menuitem", { name: "Reader view" });
      };
      await (await readerControl()).click();
      await expect(reader).toBeVisible();
      await (await readerControl()).click();
      await expect(reader).toBeHidden();
    });

    test("Listen reads sentence by sentence, marks it, pauses, resumes, changes speed and stops on leaving", async ({ page }) => {
      await page.addInitScript(stubSpeech);
      const subject = "Harbour by ear";
      await openIssue(page, subject, 3);

      await page.keyboard.press("p");
      const reader = page.getByRole("article", { name: `Reader view of ${subject}` });
      await expect(reader).toBeVisible();
      const bar = page.getByRole("region", { name: "Listen" });
      await expect(bar).toContainText("Sentence 1 of");
      expect((await spoken(page))[0]).toEqual({ text: subject, rate: 1 });
      await expect.poll(() => marked(page)).toEqual([subject]);

      await page.evaluate(() => (window as unknown as { finishUtterance: () => void }).finishUtterance());
      await expect(bar).toContainText("Sentence 2 of");
      expect((await spoken(page)).map((utterance) => utterance.text)).toEqual([subject, "Part 1."]);
      await expect.poll(() => marked(page)).toEqual(["Part 1."]);

      await page.keyboard.press("p");
      await expect(bar.getByRole("button", { name: "Resume" })).toBeVisible();
      await bar.getByRole("button", { name: "Resume" }).click();
      await expect(bar.getByRole("button", { name: "Pause" })).toBeVisible();
      expect(await speechCalls(page)).toEqual(expect.arrayContaining(["pause", "resume"]));

      // A new speed starts the sentence being read again at it.
      await bar.getByLabel("Speed").selectOption("1.5");
      await expect.poll(async () => (await spoken(page)).at(-1)).toEqual({ text: "Part 1.", rate: 1.5 });
      await page.evaluate(() => (window as unknown as { finishUtterance: () => void }).finishUtterance());
      await expect.poll(async () => (await spoken(page)).at(-1)).toEqual({ text: "The harbour was quiet before dawn.", rate: 1.5 });

      const before = (await spoken(page)).length;
      await page.getByRole("button", { name: "Back to Feed" }).click();
      await expect(page).toHaveURL(/\/feed$/);
      expect((await speechCalls(page)).at(-1)).toBe("cancel");
      expect(await marked(page)).toEqual([]);
      expect((await spoken(page)).length).toBe(before);
    });

    test("reopens where the reader left off, and the feed card shows how far", async ({ page }) => {
      const subject = "Harbour, the long read";
      const id = await openIssue(page, subject, 60);
      const body = frame(page, subject);
      await expect.poll(async () => (await body.boundingBox())?.height ?? 0).toBeGreaterThan(2000);

      // Saved, not only sent: the feed opened next is drawn by the server from what it holds.
      const saved = page.waitForResponse(
        (response) => response.url().endsWith(`/api/issues/${id}/progress`) && response.request().method() === "PUT",
      );
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight * 0.45, behavior: "instant" }));
      const { fraction } = (await saved).request().postDataJSON() as { fraction: number };
      expect(fraction).toBeGreaterThan(0.2);
      expect(fraction).toBeLessThan(0.9);
      const place = await page.evaluate(() => window.scrollY);

      await page.goto("/feed");
      const shown = issueCard(page, subject).getByTestId("read-progress");
      await expect(shown).toContainText(`${Math.round(fraction * 100)}% read`);

      await page.goto(`/emails/${id}`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(place - 120);
      expect(await page.evaluate(() => window.scrollY)).toBeLessThan(place + 120);
    });
  });
}
