import http from "node:http";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { audit } from "./accessibility-support";
import { articleHtml, deliver } from "./reading-support";
import { horizontalOverflow, signedInReader } from "./support";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

// playwright.config.ts lets the server reach this loopback port through FETCH_ALLOW_HOSTS.
const RECEIVER_PORT = Number(process.env.E2E_WEBHOOK_PORT);
const received: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
let receiver: http.Server;

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
      received.push({ url: req.url ?? "", headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, "127.0.0.1", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test("a reader adds a webhook, copies its secret once, gets a signed POST when an issue arrives, sees it delivered, and deletes it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { user } = await signedInReader(page);
  const tag = Math.random().toString(36).slice(2, 8);
  const url = `http://127.0.0.1:${RECEIVER_PORT}/paperboy-${tag}`;
  await page.goto("/settings#webhooks");
  const section = page.getByRole("region", { name: "Webhooks" });
  await expect(section.getByText("You have no webhooks.")).toBeVisible();
  await expect(section.getByRole("heading", { name: "Webhooks" })).toBeInViewport();

  // Keyboard only: the URL, then Enter.
  await section.getByLabel("URL", { exact: true }).fill(url);
  await section.getByLabel("URL", { exact: true }).press("Enter");
  await expect(section.getByText("Copy the signing secret now: it will not be shown again.", { exact: false })).toBeVisible();
  const secret = (await section.getByTestId("new-webhook-secret").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  await section.getByRole("button", { name: "Copy the webhook's signing secret" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const item = section.getByRole("listitem").filter({ hasText: url });
  await expect(item).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await audit(page, "/settings with a new webhook")).toEqual([]);

  const emailId = await deliver(page.request, user.unique_email, { subject: `Webhook news ${tag}`, html: articleHtml("Webhook news") });
  await expect.poll(() => received.filter((request) => request.url === `/paperboy-${tag}`).length, { timeout: 20_000 }).toBe(1);
  const post = received.find((request) => request.url === `/paperboy-${tag}`)!;
  const payload = new Webhook(secret).verify(post.body, post.headers);
  expect(payload).toMatchObject({ type: "email.received", data: { email: { id: emailId, subject: `Webhook news ${tag}` } } });

  // Shown once: after a reload only the URL is left, and the delivery is listed.
  await page.reload();
  await expect(section.getByTestId("new-webhook-secret")).toHaveCount(0);
  await expect(section).not.toContainText(secret);
  await item.getByText("Recent deliveries").click();
  const deliveries = item.getByRole("list", { name: `Deliveries to ${url}` });
  await expect(deliveries.getByRole("listitem")).toHaveCount(1);
  await expect(deliveries).toContainText("Delivered");
  await expect(deliveries).toContainText("1 attempt · answered 204");

  page.once("dialog", (dialog) => void dialog.accept());
  await item.getByRole("button", { name: `Delete the webhook to ${url}` }).click();
  await expect(section.getByText("Webhook deleted.")).toBeVisible();
  await expect(section.getByText("You have no webhooks.")).toBeVisible();
});
