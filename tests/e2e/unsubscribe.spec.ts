import http from "node:http";
import { expect, test } from "@playwright/test";
import { articleHtml, deliver } from "./reading-support";
import { horizontalOverflow, openInApp, signedInReader } from "./support";

// playwright.config.ts lets the server reach this loopback port through FETCH_ALLOW_HOSTS.
const SENDER_PORT = Number(process.env.E2E_SENDER_PORT);
const seen: Array<{ method: string; url: string; type: string | undefined; body: string }> = [];
let sender: http.Server;

test.beforeAll(async () => {
  sender = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        type: req.headers["content-type"],
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(req.url?.startsWith("/down") ? 503 : 200).end("ok");
    });
  });
  await new Promise<void>((resolve) => sender.listen(SENDER_PORT, "127.0.0.1", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => sender.close(() => resolve())));

test("a reader unsubscribes from the subscriptions page and is told what happened, on a phone and by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { user } = await signedInReader(page);
  const tag = Math.random().toString(36).slice(2, 8);
  const letters = [
    { name: `Kind Letter ${tag}`, path: `/u/kind-${tag}` },
    { name: `Stubborn Letter ${tag}`, path: `/down/stubborn-${tag}` },
  ];
  for (const letter of letters) {
    const id = await deliver(page.request, user.unique_email, {
      subject: `News from ${letter.name}`,
      from: `${letter.name} <news-${tag}@${letter.path.split("/")[1]}-${tag}.example>`,
      html: articleHtml(letter.name),
      headers: [`List-Unsubscribe: <http://127.0.0.1:${SENDER_PORT}${letter.path}>`, "List-Unsubscribe-Post: List-Unsubscribe=One-Click"],
    });
    const email = (await (await page.request.get(`/api/issues/${id}`)).json()) as { newsletter_metadata_id: number };
    expect(
      (await page.request.post("/api/newsletters/subscribe", { data: { newsletter_metadata_id: email.newsletter_metadata_id } })).status(),
    ).toBe(200);
  }
  const confirms: string[] = [];
  page.on("dialog", (dialog) => {
    confirms.push(dialog.message());
    void dialog.accept();
  });

  await page.goto("/subscriptions");
  const kind = page.getByRole("article", { name: letters[0]!.name });
  await kind.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(kind.getByRole("status")).toHaveText(`Unsubscribed. ${letters[0]!.name} has been told to stop sending.`);
  await expect(kind.getByText(/^Unsubscribed: \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(kind.getByRole("button", { name: "Subscribe" })).toBeVisible();
  expect(seen.filter((request) => request.url === letters[0]!.path)).toEqual([
    { method: "POST", url: letters[0]!.path, type: "application/x-www-form-urlencoded", body: "List-Unsubscribe=One-Click" },
  ]);

  const stubborn = page.getByRole("article", { name: letters[1]!.name });
  await stubborn.getByRole("button", { name: "Unsubscribe" }).focus();
  await page.keyboard.press("Enter");
  await expect(stubborn.getByRole("alert")).toHaveText(
    `Could not reach ${letters[1]!.name}. You are still subscribed. You can try its unsubscribe page (opens in a new tab).`,
  );
  const senderPage = stubborn.getByRole("link", { name: "its unsubscribe page (opens in a new tab)" });
  await expect(senderPage).toHaveAttribute("href", `http://127.0.0.1:${SENDER_PORT}${letters[1]!.path}`);
  await expect(senderPage).toHaveAttribute("rel", "noopener noreferrer");
  await expect(stubborn.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  await expect(stubborn.getByText(/^Subscribed: /)).toBeVisible();
  expect(confirms).toEqual(["Are you sure you want to unsubscribe?", "Are you sure you want to unsubscribe?"]);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await page.reload();
  await expect(page.getByRole("article", { name: letters[0]!.name }).getByRole("button", { name: "Subscribe" })).toBeVisible();
  await expect(page.getByRole("article", { name: letters[1]!.name }).getByRole("button", { name: "Unsubscribe" })).toBeVisible();
});

test("a sender still sending after the unsubscribe is shown with a Block sender offer that blocks it", async ({ page }) => {
  const { user } = await signedInReader(page);
  const tag = Math.random().toString(36).slice(2, 8);
  const name = `Pushy Letter ${tag}`;
  const address = `news@pushy-${tag}.example`;
  await deliver(page.request, user.unique_email, { subject: `More from ${name}`, from: `${name} <${address}>`, html: articleHtml(name) });
  // Ignoring an unsubscribe takes 48 hours to show; the answer says so at once.
  await page.route("**/api/users/me/subscriptions", async (route) => {
    const answer = (await (await route.fetch()).json()) as { items: Array<{ newsletter_metadata: { name: string } }> };
    const items = answer.items.map((item) =>
      item.newsletter_metadata.name === name ? { ...item, sending_after_unsubscribe: true } : item,
    );
    await route.fulfill({ json: { items } });
  });

  await openInApp(page, "/subscriptions");
  const card = page.getByRole("article", { name });
  await expect(card.getByText(`${name} is still sending after you unsubscribed.`)).toBeVisible();
  await card.getByRole("button", { name: "Block sender" }).click();
  await expect(card.getByRole("status")).toHaveText(`Blocked ${address}. Its mail will no longer reach your feed.`);
  const blocked = (await (await page.request.get("/api/users/me/blocked-senders")).json()) as { items: Array<{ sender: string }> };
  expect(blocked.items.map((item) => item.sender)).toEqual([address]);
});
