import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { articleHtml, deliver } from "./reading-support";
import { signedInReader } from "./support";

test("another site cannot show Paperboy's pages in a frame of its own", async ({ page, baseURL }) => {
  // A real server on another origin: Chromium refuses a page it cannot place on the network a local frame.
  const site = createServer((_request, response) => {
    response.setHeader("content-type", "text/html");
    response.end(`<!doctype html><h1>Win a prize</h1><iframe src="${baseURL}/login" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/prize`);
    await expect(page.getByRole("heading", { name: "Win a prize" })).toBeVisible();
    await expect(page.frameLocator("iframe").getByRole("button", { name: "Log in" })).toHaveCount(0);
  } finally {
    site.close();
  }
});

test("a shared issue's page forbids framing and sniffing, yet its newsletter shows in the issue frame", async ({ page }) => {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject: "Framed safely", html: articleHtml("Framed safely") });
  const { public_share_id: shareId } = (await (await page.request.get(`/api/issues/${id}`)).json()) as { public_share_id: string };

  const response = await page.goto(`/issues/share/${shareId}`);
  const headers = response!.headers();
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  await expect(page.frameLocator('iframe[title="Content of Framed safely"]').getByRole("heading", { name: "Framed safely" })).toBeVisible();
});

test("a login or sign-up form sent before the page is interactive keeps the password out of the address", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill("reader@example.com");
  await page.getByLabel("Password").fill("hunter2-secret");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForLoadState();
  expect(page.url()).not.toContain("hunter2");

  await page.goto("/register");
  await page.getByLabel("Full name").fill("Early Bird");
  await page.getByLabel("Email").fill("early@example.com");
  await page.getByLabel("Password", { exact: true }).fill("hunter2-secret");
  await page.getByLabel("Confirm password").fill("hunter2-secret");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForLoadState();
  expect(page.url()).not.toContain("hunter2");
  await context.close();
});
