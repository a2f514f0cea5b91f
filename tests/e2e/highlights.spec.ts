import { expect, test, type Page } from "@playwright/test";
import { deliver } from "./reading-support";
import { horizontalOverflow, signedInReader } from "./support";

const SUBJECT = "Notes from the shore";
const FRAME = `iframe[title="Content of ${SUBJECT}"]`;
const BODY = [
  "<h1>Notes from the shore</h1>",
  "<p>The tide was unusually low this morning, and the herons stood in the shallows.</p>",
  "<p>Later the wind turned west and the boats came home early.</p>",
].join("\n");

/** Selects `text` in the frame as a reader's drag would, through the page that owns the frame. */
async function selectInFrame(page: Page, text: string) {
  await page.evaluate(
    ({ selector, text }) => {
      const doc = document.querySelector<HTMLIFrameElement>(selector)!.contentDocument!;
      const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const start = node.data.indexOf(text);
        if (start < 0) continue;
        const range = doc.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + text.length);
        doc.getSelection()!.removeAllRanges();
        doc.getSelection()!.addRange(range);
        return;
      }
      throw new Error(`"${text}" is not in the frame`);
    },
    { selector: FRAME, text },
  );
}

const marks = (page: Page) => page.frameLocator(FRAME).locator("mark[data-highlight-id]");
const panel = (page: Page) => page.getByRole("region", { name: /^Highlights/ });
const popover = (page: Page) => page.getByRole("dialog", { name: "Highlight the selection" });

/** Highlight, note, reload and see both again, then find them on the Highlights page. */
async function highlightAndFind(page: Page) {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject: SUBJECT, html: `<html><body>${BODY}</body></html>` });
  await page.goto(`/emails/${id}`);
  await expect(panel(page)).toContainText("Select text in the issue to highlight it or add a note.");

  await selectInFrame(page, "herons stood in the shallows");
  await popover(page).getByRole("button", { name: "Highlight in green" }).click();
  await expect(popover(page)).toHaveCount(0);
  await expect(marks(page)).toHaveText(["herons stood in the shallows"]);
  await expect(marks(page)).toHaveCSS("background-color", "rgb(187, 247, 208)");

  // A real mouse selection: three clicks take the whole paragraph.
  await page.frameLocator(FRAME).getByText("Later the wind turned west").click({ clickCount: 3 });
  await popover(page).getByRole("button", { name: "Add note" }).click();
  await popover(page).getByRole("textbox", { name: "Note" }).fill("Check the tide tables");
  await popover(page).getByRole("button", { name: "Save note" }).click();
  await expect(panel(page).getByRole("listitem")).toHaveCount(2);

  await page.reload();
  await expect(marks(page)).toHaveText(["herons stood in the shallows", "Later the wind turned west and the boats came home early."]);
  const items = panel(page).getByRole("listitem");
  await expect(items.nth(0)).toContainText("herons stood in the shallows");
  await expect(items.nth(1)).toContainText("Check the tide tables");

  // From the keyboard: a new colour, then delete with its confirmation.
  await items.nth(0).getByRole("button", { name: "Blue" }).focus();
  await page.keyboard.press("Enter");
  await expect(items.nth(0).getByRole("button", { name: "Blue" })).toHaveAttribute("aria-pressed", "true");
  await expect(marks(page).first()).toHaveCSS("background-color", "rgb(191, 219, 254)");
  await items.nth(0).getByRole("button", { name: "Delete" }).focus();
  await page.keyboard.press("Enter");
  await expect(items.nth(0)).toContainText("Delete this highlight?");
  await expect(items.nth(0).getByRole("button", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(items).toHaveCount(1);
  await expect(marks(page)).toHaveText(["Later the wind turned west and the boats came home early."]);

  await page.goto("/highlights");
  const listed = page.getByRole("list", { name: "Highlights" }).getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Check the tide tables");
  await expect(listed.getByRole("link", { name: SUBJECT })).toHaveAttribute("href", `/emails/${id}`);
  await page.getByRole("searchbox", { name: "Search highlights" }).fill("tide tables");
  await expect(listed).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search highlights" }).fill("no such words");
  await expect(page.getByText("No highlights match your search.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/api/users/me/highlights.csv");
  await expect(page.getByRole("link", { name: "Export Markdown" })).toHaveAttribute("href", "/api/users/me/highlights.md");
  expect(await horizontalOverflow(page), "Highlights page").toBe(0);
}

test("a reader highlights and annotates inside the issue, sees both again after a reload, and finds them on the Highlights page", async ({
  page,
}) => {
  await highlightAndFind(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Highlights" }).click();
  await expect(page.getByTestId("app-header").getByRole("heading")).toHaveText("Highlights");
});

test.describe("on a 390 x 844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a reader highlights, annotates and finds them again", async ({ page }) => {
    await highlightAndFind(page);
  });
});
