import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { audit } from "./accessibility-support";
import { articleHtml, deliver } from "./reading-support";
import { horizontalOverflow, signedInReader } from "./support";

// The browser's zone is what a reader who never saved starts from.
test.use({ timezoneId: "Asia/Tokyo" });

/** The server's outbox: DATA_DIR/outbox, which playwright.config.ts chooses. */
function outboxFolder(): string {
  const dataDir = process.env.DATABASE_URL ? ".data" : (process.env.PAPERBOY_E2E_DATA_DIR ?? ".data");
  return path.resolve(dataDir, "outbox");
}

/** The digests mailed to `address`, as written (quoted-printable undone), once the server's job has run. */
async function digestsTo(address: string, count: number): Promise<string[]> {
  let found: string[] = [];
  await expect
    .poll(
      async () => {
        const names = (await readdir(outboxFolder()).catch(() => [] as string[])).filter((file) => file.endsWith(".eml")).sort();
        const texts = await Promise.all(
          names.map(async (name) => (await readFile(path.join(outboxFolder(), name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=")),
        );
        found = texts.filter((text) => text.includes(`To: ${address}`) && text.includes("Paperboy digest"));
        return found.length;
      },
      { timeout: 30_000 },
    )
    .toBe(count);
  return found;
}

test("a reader sets a weekly digest in Settings, gets one now, and turns it off from the mail's link", async ({ page, browser }) => {
  const { account, user } = await signedInReader(page);
  const subject = `Digest journey ${Date.now().toString(36)}`;
  await deliver(page.request, user.unique_email, { subject, html: articleHtml(subject) });

  await page.goto("/settings#digest");
  const section = page.getByRole("region", { name: "Digest" });
  const frequency = section.getByLabel("Frequency");
  await expect(frequency).toHaveValue("off");
  await expect(section.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
  await expect(section.getByRole("heading", { name: "Digest" })).toBeInViewport();

  // Keyboard only: frequency, the day that weekly adds, the hour, the zone, then Save.
  await frequency.focus();
  await frequency.selectOption("Weekly");
  await page.keyboard.press("Tab");
  await expect(section.getByLabel("Day")).toBeFocused();
  await section.getByLabel("Day").selectOption("Friday");
  await page.keyboard.press("Tab");
  await expect(section.getByLabel("Hour")).toBeFocused();
  await section.getByLabel("Hour").selectOption("18:00");
  await page.keyboard.press("Tab");
  await expect(section.getByLabel("Time zone")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(section.getByRole("button", { name: "Save" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(section.getByText("Digest settings saved.")).toBeVisible();
  expect(await audit(page, "/settings with the digest section")).toEqual([]);

  await page.reload();
  await expect(section.getByLabel("Frequency")).toHaveValue("weekly");
  await expect(section.getByLabel("Day")).toHaveValue("5");
  await expect(section.getByLabel("Hour")).toHaveValue("18");
  await expect(section.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");

  await section.getByRole("button", { name: "Send me one now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "is on its way" })).toHaveText(
    `Your digest of 1 issue is on its way to ${account.email}.`,
  );
  const [mail] = await digestsTo(account.email, 1);
  expect(mail).toContain(subject);
  expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  const link = /<(https?:\/\/[^>\s]+\/api\/digest\/unsubscribe\?token=[\w-]+)>/.exec(mail!.replace(/\r?\n[ \t]+/g, " "))?.[1];
  expect(link).toBeDefined();

  // Nothing new since: no second mail.
  await section.getByRole("button", { name: "Send me one now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Nothing new" })).toHaveText(
    "Nothing new since your last digest, so no mail was sent.",
  );

  // The mail's link, followed in a browser with no session: a page that asks before turning it off.
  const stranger = await browser.newContext();
  const linkPage = await stranger.newPage();
  await linkPage.goto(link!);
  await expect(linkPage.getByRole("heading", { name: "Turn off your digest?" })).toBeVisible();
  await linkPage.getByRole("button", { name: "Turn off the digest" }).click();
  await expect(linkPage.getByRole("heading", { name: "Your digest is off" })).toBeVisible();
  await stranger.close();

  await page.reload();
  await expect(section.getByLabel("Frequency")).toHaveValue("off");
  await expect(section.getByLabel("Hour")).toBeDisabled();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(section.getByRole("button", { name: "Send me one now" })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test("the digest section says when its settings cannot be loaded, and tries again", async ({ page }) => {
  await signedInReader(page);
  let failing = true;
  await page.route("**/api/users/me/digest", (route) =>
    failing ? route.fulfill({ status: 503, json: { detail: "The service is briefly unavailable." } }) : route.fallback(),
  );
  await page.goto("/settings#digest");
  const section = page.getByRole("region", { name: "Digest" });
  await expect(section.getByRole("alert")).toHaveText("The service is briefly unavailable.");
  failing = false;
  await section.getByRole("button", { name: "Try again" }).click();
  await expect(section.getByLabel("Frequency")).toHaveValue("off");
});
