import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Page } from "@playwright/test";
import { readZip } from "../support/zip";
import { articleHtml, deliver } from "./reading-support";
import { signedInReader } from "./support";

async function downloaded(
  page: Page,
  start: () => Promise<void>,
): Promise<{ download: Download; entries: Awaited<ReturnType<typeof readZip>> }> {
  const [download] = await Promise.all([page.waitForEvent("download"), start()]);
  const file = await download.path();
  return { download, entries: await readZip(await readFile(file)) };
}

test("Download EPUB on an issue and on a folder gives an EPUB book of it", async ({ page }) => {
  const { user } = await signedInReader(page);
  const subject = "Field notes on bookbinding";
  const emailId = await deliver(page.request, user.unique_email, { subject, html: articleHtml(subject) });
  await page.goto(`/emails/${emailId}`);
  await page.getByRole("button", { name: "More actions" }).click();
  const issueBook = await downloaded(page, () => page.getByRole("menuitem", { name: "Download EPUB" }).click());
  expect(issueBook.download.suggestedFilename()).toBe("Field-notes-on-bookbinding.epub");
  expect(issueBook.entries[0]).toMatchObject({ name: "mimetype", stored: true });
  expect(issueBook.entries.find((entry) => entry.name === "OEBPS/chapter1.xhtml")?.data.toString()).toContain(`<h1>${subject}</h1>`);
  await expect(page).toHaveURL(new RegExp(`/emails/${emailId}$`));

  const folder = await page.request.post("/api/users/me/folders", { data: { name: "Binding" } });
  const { id: folderId } = (await folder.json()) as { id: number };
  await page.request.post(`/api/users/me/folders/${folderId}/emails`, { data: { email_id: emailId } });
  await page.goto("/subscriptions");
  await page.getByRole("button", { name: "Binding 1" }).click();
  const folderBook = await downloaded(page, () => page.getByRole("link", { name: "Download EPUB" }).click());
  expect(folderBook.download.suggestedFilename()).toBe("Binding.epub");
  expect(folderBook.entries.map((entry) => entry.name)).toEqual(
    expect.arrayContaining(["mimetype", "OEBPS/content.opf", "OEBPS/chapter1.xhtml"]),
  );
});

test("Send to Kindle: without an address it points to Settings; with one, Shift+K sends and Settings shows it sent", async ({ page }) => {
  const { user } = await signedInReader(page);
  const subject = "Letters for the e-reader";
  const emailId = await deliver(page.request, user.unique_email, { subject, html: articleHtml(subject) });
  await page.goto(`/emails/${emailId}`);
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Send to Kindle" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Add your Kindle address in Settings first." });
  await expect(refusal).toBeVisible();
  await refusal.getByRole("link", { name: "Open Settings" }).click();

  await expect(page).toHaveURL(/\/settings#kindle$/);
  const section = page.getByRole("region", { name: "Send to Kindle" });
  await expect(section.getByTestId("kindle-sender")).toHaveText(/^noreply@/);
  await section.getByLabel("Your Kindle's e-mail address").fill("reader_e2e@kindle.com");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Kindle address saved." })).toBeVisible();
  await section.getByRole("button", { name: "Send a test" }).click();
  await expect(section.getByRole("status").filter({ hasText: "A test book is on its way to reader_e2e@kindle.com." })).toBeVisible();

  await page.goto(`/emails/${emailId}`);
  await expect(page.getByRole("article", { name: subject })).toBeVisible();
  await page.keyboard.press("Shift+K");
  await expect(page.getByRole("status").filter({ hasText: "On its way to your Kindle" }).first()).toBeVisible();

  await page.goto("/settings#kindle");
  const sends = page.getByRole("list", { name: "Recent sends" });
  // The server's worker mails each book (to the outbox here) and the list follows until none is on its way.
  await expect(sends.getByRole("listitem").filter({ hasText: subject })).toContainText("Sent", { timeout: 30_000 });
  await expect(sends.getByRole("listitem").filter({ hasText: "Paperboy test" })).toContainText("Sent", { timeout: 30_000 });
});

test("Download Markdown in Settings gives a zip of notes with front matter", async ({ page }) => {
  const { user } = await signedInReader(page);
  const subject = "Notes for the vault";
  await deliver(page.request, user.unique_email, { subject, html: articleHtml(subject) });
  await page.goto("/settings#data");
  const { download, entries } = await downloaded(page, () => page.getByRole("link", { name: "Download Markdown" }).click());
  expect(download.suggestedFilename()).toMatch(/^paperboy-markdown-\d{4}-\d\d-\d\d\.zip$/);
  expect(entries).toHaveLength(1);
  expect(entries[0]!.name).toMatch(/ Notes for the vault \(\d+\)\.md$/);
  expect(entries[0]!.data.toString()).toMatch(/^---\ntitle: Notes for the vault\nnewsletter: Field Notes\n/);
});
