import { expect, test } from "@playwright/test";
import { XSS_VECTORS } from "../fixtures/mail/xss-vectors";
import { deliver } from "./reading-support";
import { frameLoaded, signedInReader } from "./support";

// Each vector's payload, made observable: instead of an alert it would mark the reading page.
const armed = (vector: string) => vector.replaceAll("alert(1)", "top.__pwned=1").replaceAll("msgbox(1)", "top.__pwned=1");

test("every known XSS vector, stored through the inbound route, stays inert in the issue page's frame", async ({ page }) => {
  // Sixty-eight issues, each checked: up to 3 minutes on a CI machine running the other journeys beside it.
  test.setTimeout(360_000);
  expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(40);
  const { user } = await signedInReader(page);
  const ids: number[] = [];
  for (const [index, vector] of XSS_VECTORS.entries()) {
    ids.push(
      await deliver(page.request, user.unique_email, {
        subject: `Vector ${index}`,
        html: `<html><body><h1>Vector ${index}</h1>${armed(vector)}<p>after</p></body></html>`,
      }),
    );
  }

  const outside: string[] = [];
  await page.context().route(/evil\.example|tracker\.example/, (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const popups: string[] = [];
  page.context().on("page", (opened) => popups.push(opened.url()));

  // The issues in the feed's order, which j on the issue page follows from one to the next (docs/contract.md 7.3): one page
  // load, then each vector in a frame of its own on the same page, where whatever one of them set off would still show.
  const order: number[] = [];
  for (let feedPage = 1; order.length < ids.length; feedPage++) {
    const { items } = (await (await page.request.get(`/api/issues/feed?page=${feedPage}`)).json()) as { items: { id: number }[] };
    expect(items.length, `feed page ${feedPage}`).toBeGreaterThan(0);
    order.push(...items.map((item) => item.id));
  }
  expect([...order].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));

  await page.goto(`/emails/${order[0]}`);
  for (const [step, id] of order.entries()) {
    const index = ids.indexOf(id);
    if (step > 0) {
      // A vector's autofocus may have put the focus in its frame, where j would be typing: back to the page first.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("j");
      await expect(page).toHaveURL(new RegExp(`/emails/${id}$`));
    }
    const heading = page.frameLocator(`iframe[title="Content of Vector ${index}"]`).getByRole("heading", { name: `Vector ${index}` });
    await expect(heading).toBeVisible({ timeout: 30_000 });
    await frameLoaded(page, `Content of Vector ${index}`);
    const state = await page.evaluate(() => ({ pwned: (window as Window & { __pwned?: number }).__pwned, url: location.pathname }));
    expect(state, XSS_VECTORS[index]).toEqual({ pwned: undefined, url: `/emails/${id}` });
  }
  expect(dialogs).toEqual([]);
  expect(popups).toEqual([]);
  expect(outside).toEqual([]);
});
