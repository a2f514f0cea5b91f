import { expect, test } from "@playwright/test";
import { XSS_VECTORS } from "../fixtures/mail/xss-vectors";
import { deliver } from "./reading-support";
import { frameLoaded, signedInReader } from "./support";

// Each vector's payload, made observable: instead of an alert it would mark the reading page.
const armed = (vector: string) => vector.replaceAll("alert(1)", "top.__pwned=1").replaceAll("msgbox(1)", "top.__pwned=1");

test("every known XSS vector, stored through the inbound route, stays inert in the issue page's frame", async ({ page }) => {
  // Sixty-eight page loads, each checked: 2 minutes alone, up to 6 on a CI machine running the other journeys beside it.
  test.setTimeout(720_000);
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

  for (const [index, id] of ids.entries()) {
    await page.goto(`/emails/${id}`);
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
