// Screenshots of the reader's main screens, for a change's description (issue 29 asks for them):
//   node --import tsx scripts/screenshots.ts <folder>
// against a running build at APP_URL (default http://localhost:3000). It registers a fresh reader, files the
// sample issue (and, with INBOUND_SECRET set to the server's, a few more issues through the inbound webhook),
// likes and highlights one, then saves the feed, an issue, Discover, Settings and Highlights at 1440x900 and
// 390x844 in the light and dark themes as <screen>-<width>x<height>-<theme>.png. Not part of the test suite.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromium, type APIRequestContext, type Page } from "@playwright/test";

const folder = process.argv[2];
if (!folder) {
  console.error("usage: node --import tsx scripts/screenshots.ts <folder>");
  process.exit(2);
}
const baseURL = (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");
const inboundSecret = process.env.INBOUND_SECRET;
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const THEMES = ["light", "dark"] as const;

async function ok(response: Awaited<ReturnType<APIRequestContext["get"]>>, what: string) {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  return response;
}

const ARTICLES = [
  ["The quiet economics of public libraries", "Morning Ledger <editor@ledger.example>"],
  ["Seven small tools for a calmer inbox", "Tool Digest <hello@tooldigest.example>"],
  ["What the tide tables taught us", "Coastal Notes <notes@coastal.example>"],
] as const;

function message(to: string, subject: string, from: string, index: number): string {
  const paragraph = `${subject}: careful reporting on small things, the kind of story that rewards a second read. `;
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <screens-${Date.now().toString(36)}-${index}@screens.example>`,
    `Date: ${new Date(Date.now() - index * 3_600_000).toUTCString()}`,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    "",
    `<html><body><h1>${subject}</h1>${`<p>${paragraph.repeat(6)}</p>`.repeat(5)}</body></html>`,
  ].join("\r\n");
}

/** A reader with a few issues, one liked and highlighted; returns the issue to show. */
async function seedReader(request: APIRequestContext): Promise<number> {
  const tag = Date.now().toString(36);
  const account = { name: `Screens ${tag}`, email: `screens-${tag}@example.com`, password: `screens-${tag}-password` };
  const registered = await ok(await request.post("/api/auth/register", { data: account }), "registering");
  const { user } = (await registered.json()) as { user: { unique_email: string } };
  await ok(await request.patch("/api/users/me", { data: { model_metadata_field: { onboarded: true } } }), "finishing onboarding");
  await ok(await request.post("/api/users/me/sample-issue"), "the sample issue");
  if (inboundSecret) {
    for (const [index, [subject, from]] of ARTICLES.entries()) {
      await ok(
        await request.post("/api/inbound/email", {
          headers: { Authorization: `Bearer ${inboundSecret}`, "Content-Type": "message/rfc822" },
          data: Buffer.from(message(user.unique_email, subject, from, index), "utf8"),
        }),
        "delivering an issue",
      );
    }
  }
  // Filing runs after the answer: wait for the feed to hold what was sent.
  const expected = inboundSecret ? ARTICLES.length + 1 : 1;
  let items: { id: number; body_plain?: string | null }[] = [];
  for (let attempt = 0; attempt < 50 && items.length < expected; attempt++) {
    items = ((await (await request.get("/api/issues/feed?page_size=20")).json()) as { items: { id: number }[] }).items;
    if (items.length < expected) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const issue = items[0];
  if (!issue) throw new Error("no issue reached the feed");
  await request.put(`/api/issues/${issue.id}/interactions`, { data: { is_liked: true } });
  // A highlight for the Highlights page: a sentence of the issue's own text (the sample's, or ours).
  const detail = (await (await request.get(`/api/issues/${issue.id}`)).json()) as { body_plain: string | null };
  const quote = detail.body_plain
    ?.split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .find((sentence) => sentence.length > 40 && sentence.length < 200);
  if (quote) await request.post(`/api/issues/${issue.id}/highlights`, { data: { quote, note: "Worth coming back to." } });
  return issue.id;
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

async function main() {
  const out = path.resolve(folder!);
  await mkdir(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const setup = await browser.newContext({ baseURL });
  const issueId = await seedReader(setup.request);
  const { cookies } = await setup.storageState();
  await setup.close();
  const screens: [string, string][] = [
    ["feed", "/feed"],
    ["issue", `/emails/${issueId}`],
    ["discover", "/discover"],
    ["settings", "/settings"],
    ["highlights", "/highlights"],
  ];
  const saved: string[] = [];
  for (const viewport of VIEWPORTS) {
    for (const theme of THEMES) {
      const context = await browser.newContext({ baseURL, viewport, serviceWorkers: "block", colorScheme: theme });
      await context.addCookies(cookies);
      await context.addInitScript((chosen) => localStorage.setItem("theme", chosen), theme);
      const page = await context.newPage();
      for (const [name, url] of screens) {
        await page.goto(url);
        await settle(page);
        // A build without the Highlights page sends its path elsewhere: there is nothing to show.
        if (new URL(page.url()).pathname !== url.split("?")[0]) continue;
        const file = path.join(out, `${name}-${viewport.width}x${viewport.height}-${theme}.png`);
        await page.screenshot({ path: file });
        saved.push(file);
      }
      await context.close();
    }
  }
  await browser.close();
  console.log(saved.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
