import { expect, test } from "@playwright/test";
import { articleHtml, deliver } from "./reading-support";
import { horizontalOverflow, signedInReader } from "./support";

// A word with no break in it, as a sender name, folder name or comment may be (an address, a handle, a URL).
const LONG = "Supercalifragilisticexpialidocious".repeat(2);

test.describe("on a 390 x 844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("long names never make the issue, shared issue or subscriptions pages scroll sideways, and the scroll-to-top button covers nothing", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { user } = await signedInReader(page);
    const id = await deliver(page.request, user.unique_email, {
      subject: "Narrow reading",
      from: `${LONG} <news@narrow.example>`,
      html: articleHtml("Narrow reading"),
    });
    expect((await page.request.post(`/api/issues/${id}/comments`, { data: { content: `A comment ${LONG}` } })).status()).toBe(201);
    const folder = await page.request.post("/api/users/me/folders", { data: { name: `Folder${LONG}` } });
    expect(folder.status()).toBe(201);
    const { public_share_id: shareId } = (await (await page.request.get(`/api/issues/${id}`)).json()) as { public_share_id: string };

    await page.goto(`/emails/${id}`);
    await expect(page.getByRole("link", { name: LONG })).toBeVisible();
    expect(await horizontalOverflow(page), "issue page").toBe(0);

    await page.goto(`/emails/${id}?showComments=true`);
    await expect(page.getByRole("list", { name: "Comments" })).toContainText(LONG);
    expect(await horizontalOverflow(page), "issue page with comments").toBe(0);
    // At the very bottom the scroll-to-top button must leave the comment form's Submit uncovered.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const scrollTop = page.getByRole("button", { name: "Scroll to top" });
    await expect(scrollTop).toBeVisible();
    const [submit, corner] = await Promise.all([page.getByRole("button", { name: "Submit" }).boundingBox(), scrollTop.boundingBox()]);
    expect(
      submit && corner && (submit.y + submit.height <= corner.y || submit.x + submit.width <= corner.x),
      `Submit ${JSON.stringify(submit)} under ${JSON.stringify(corner)}`,
    ).toBe(true);

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await visitor.newPage();
    await guest.goto(`${baseURL}/issues/share/${shareId}`);
    await expect(guest.getByText(LONG)).toBeVisible();
    expect(await horizontalOverflow(guest), "shared issue page").toBe(0);
    await visitor.close();

    await page.goto("/subscriptions");
    const folderButton = page.getByRole("button", { name: `Folder${LONG} 0` });
    await expect(folderButton).toBeVisible();
    expect(await horizontalOverflow(page), "subscriptions").toBe(0);
    await folderButton.click();
    await expect(page.getByRole("heading", { name: `Folder${LONG}` })).toBeVisible();
    await expect(page.getByText("No items to display in this folder.")).toBeVisible();
    expect(await horizontalOverflow(page), "a folder on subscriptions").toBe(0);
  });
});
