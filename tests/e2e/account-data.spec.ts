import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { mbox } from "../support/mbox";
import { newAccount, registerByApi, signedInReader } from "./support";

/** The server's outbox: DATA_DIR/outbox, which playwright.config.ts chooses. */
function outboxFolder(): string {
  const dataDir = process.env.DATABASE_URL ? ".data" : (process.env.PAPERBOY_E2E_DATA_DIR ?? ".data");
  return path.resolve(dataDir, "outbox");
}

/** The reset link mailed to `address`, once the server's job has written it. */
async function mailedResetLink(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const names = await readdir(outboxFolder()).catch(() => [] as string[]);
        for (const name of names
          .filter((file) => file.endsWith(".eml"))
          .sort()
          .reverse()) {
          const text = (await readFile(path.join(outboxFolder(), name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
          if (!text.includes(address)) continue;
          link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0];
          if (link) return true;
        }
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return link ?? "";
}

function message(subject: string, from: string, extra: string[]): string {
  return [
    `From: ${from}`,
    "To: me@gmail.example",
    `Subject: ${subject}`,
    "Date: Tue, 01 Mar 2022 10:00:00 +0000",
    `Message-ID: <${Math.random().toString(36).slice(2)}@e2e.example>`,
    ...extra,
    "Content-Type: text/html; charset=utf-8",
    "",
    `<p>${subject}: the week in review, with enough words to read.</p>`,
  ].join("\n");
}

test("a reader who forgot their password resets it by the mailed link and signs in", async ({ page, request }) => {
  const { account } = await registerByApi(request, newAccount("reset"));
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("a link to reset its password is on its way");

  await page.goto(await mailedResetLink(account.email));
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-one");
  await page.getByLabel("Confirm new password").fill("a-brand-new-one");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is set.");
  await page.getByRole("link", { name: "Log in", exact: true }).click();

  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("a-brand-new-one");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/feed$/);
});

test("a reader imports an mbox, watches the bar reach done, and downloads their data", async ({ page }) => {
  await signedInReader(page);
  // Settings keeps imports under Mail in, and the export under Data.
  await page.goto("/settings#import");
  const file = mbox([
    message("Imported letter", `Imported Weekly <weekly-${Date.now()}@imported.example>`, [
      "List-Unsubscribe: <https://imported.example/u>",
    ]),
    message("Family news", "Aunt May <may@family.example>", []),
    message("Second letter", `Other Weekly <other-${Date.now()}@imported.example>`, ["List-Id: <other.imported.example>"]),
  ]);
  await page.getByLabel("Mailbox file").setInputFiles({ name: "takeout.mbox", mimeType: "application/octet-stream", buffer: file });
  await page.getByRole("button", { name: "Import", exact: true }).click();

  await expect(page.getByTestId("import-status")).toHaveText("Import done", { timeout: 30_000 });
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByTestId("import-count")).toHaveText("3/3");
  await expect(page.getByTestId("import-filed")).toHaveText("2");
  await expect(page.getByTestId("import-skipped")).toHaveText("1");
  await expect(page.getByTestId("import-failed")).toHaveText("0");

  await page.getByRole("tab", { name: "Data" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const zip = await download;
  expect(zip.suggestedFilename()).toMatch(/^paperboy-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await readFile(await zip.path());
  expect(bytes.subarray(0, 2).toString()).toBe("PK");
  // Each imported letter's original is in the zip under mail/.
  expect(bytes.toString("latin1").match(/mail\/\d+\.eml/g)?.length).toBeGreaterThanOrEqual(2);
});
