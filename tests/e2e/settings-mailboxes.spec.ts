import { connect, createServer, type Socket } from "node:net";
import { expect, test } from "@playwright/test";
import { dovecotInstalled, startDovecot, type Dovecot } from "../support/dovecot";
import { audit } from "./accessibility-support";
import { signedInReader } from "./support";

const USER = { username: "reader", password: "an-app-password" };
const stamp = Date.now().toString(36);
const DAY = 86_400_000;

function message(subject: string, from: string, date: Date, headers: string[]): string {
  return [
    `From: ${from}`,
    "To: reader@mail.example",
    `Subject: ${subject}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${subject.replace(/\W+/g, "-")}-${stamp}@imap.example>`,
    ...headers,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    "",
    `<html><body><h1>${subject}</h1><p>${"The week in careful reading, with enough words to read. ".repeat(20)}</p></body></html>`,
  ].join("\r\n");
}

/**
 * The journeys' server may reach only the fixed loopback port playwright.config.ts allows, while the
 * Dovecot harness takes a free one: this forwards one to the other.
 */
async function forward(port: number, to: number): Promise<{ close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(to, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  return {
    // The server's watcher holds its connection open: closing waits for nothing once every socket is ended.
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let dovecot: Dovecot;
let forwarder: Awaited<ReturnType<typeof forward>>;

test.skip(!dovecotInstalled(), "Dovecot (dovecot-imapd) is not installed");

test.beforeAll(async () => {
  dovecot = await startDovecot();
  await dovecot.setUser(USER.username, USER.password);
  forwarder = await forward(Number(process.env.E2E_IMAP_PORT), dovecot.port);
});

test.afterAll(async () => {
  await forwarder?.close();
  await dovecot?.close();
});

test("a reader connects a mailbox from Settings, watches its first sync reach done, reads its newsletters and the next one to arrive, then pauses and disconnects it", async ({
  page,
}) => {
  const recent = new Date(Date.now() - 3 * DAY);
  // A server searches by the date a message arrived (its internal date), which APPEND sets.
  await dovecot.append(
    USER,
    [
      message(`Harbour Weekly ${stamp}`, `Harbour Weekly <news-${stamp}@harbour.example>`, recent, [
        "List-Unsubscribe: <https://harbour.example/u>",
      ]),
      message(`Orchard Digest ${stamp}`, `Orchard Digest <digest-${stamp}@orchard.example>`, recent, [
        `List-Id: <orchard-${stamp}.orchard.example>`,
      ]),
      message(`Dinner on Sunday ${stamp}`, "Aunt May <may@family.example>", recent, []),
    ],
    { date: recent },
  );
  const longAgo = new Date(Date.now() - 400 * DAY);
  await dovecot.append(
    USER,
    [
      message(`Harbour Weekly of long ago ${stamp}`, `Harbour Weekly <news-${stamp}@harbour.example>`, longAgo, [
        "List-Unsubscribe: <https://harbour.example/u>",
      ]),
    ],
    { date: longAgo },
  );

  await signedInReader(page);
  await page.goto("/settings#mailboxes");
  const section = page.getByRole("region", { name: "Connected mailboxes" });
  await expect(section.getByText("No mailbox is connected yet.")).toBeVisible();
  await section.getByRole("button", { name: "Connect a mailbox" }).click();
  await section.getByRole("button", { name: "Other" }).click();
  const form = section.getByRole("form", { name: "Connect a mailbox" });
  await form.getByLabel("IMAP server").fill("127.0.0.1");
  await form.getByLabel("Security").selectOption({ label: "None" });
  await form.getByLabel("Port", { exact: true }).fill(process.env.E2E_IMAP_PORT ?? "");
  await form.getByLabel("Username").fill(USER.username);
  await expect(form.getByLabel("Folders")).toHaveValue("INBOX");

  // A wrong password: the server's reason shows, and nothing is kept.
  await form.getByLabel("Password", { exact: true }).fill("not-the-password");
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(form.getByRole("button", { name: "Testing the login…" })).toBeDisabled();
  await expect(form.getByRole("alert")).toContainText(/auth/i, { timeout: 30_000 });
  const kept = await page.request.get("/api/users/me/mailboxes");
  expect(((await kept.json()) as { items: unknown[] }).items).toEqual([]);

  await form.getByLabel("Password", { exact: true }).fill(USER.password);
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(section.getByRole("status")).toHaveText(`${USER.username} is connected. Its first sync has started.`, { timeout: 30_000 });
  const mailbox = section.getByRole("listitem").filter({ hasText: USER.username });
  await expect(mailbox).toContainText(`127.0.0.1:${process.env.E2E_IMAP_PORT} · None · INBOX`);

  // The list is asked again while the sync runs, so it reaches done with no reload.
  await expect(mailbox.getByTestId("mailbox-status")).toHaveText("Watching for new mail", { timeout: 30_000 });
  await expect(mailbox.getByTestId("mailbox-filed")).toHaveText("2");
  await expect(mailbox.getByTestId("mailbox-skipped")).toHaveText("1");
  await expect(mailbox).toContainText("Last synced");
  expect(await audit(page, "/settings with a mailbox")).toEqual([]);

  await page.goto("/feed");
  await expect(page.getByText(`Harbour Weekly ${stamp}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Orchard Digest ${stamp}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Dinner on Sunday ${stamp}`)).toHaveCount(0);
  await expect(page.getByText(`Harbour Weekly of long ago ${stamp}`)).toHaveCount(0);

  // Watching: a newsletter that arrives now reaches the feed within seconds.
  await dovecot.append(
    USER,
    [
      message(`Harbour Weekly, next issue ${stamp}`, `Harbour Weekly <news-${stamp}@harbour.example>`, new Date(), [
        "List-Unsubscribe: <https://harbour.example/u>",
      ]),
    ],
    { date: new Date() },
  );
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(`Harbour Weekly, next issue ${stamp}`, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // Pausing says so; disconnecting asks first and says the mail already filed stays.
  await page.goto("/settings#mailboxes");
  await mailbox.getByRole("button", { name: `Pause ${USER.username} on 127.0.0.1` }).click();
  await expect(mailbox.getByTestId("mailbox-status")).toHaveText("Paused");
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain("Mail already filed stays in your feed.");
    return dialog.accept();
  });
  await mailbox.getByRole("button", { name: `Disconnect ${USER.username} on 127.0.0.1` }).click();
  await expect(section.getByText("No mailbox is connected yet.")).toBeVisible();
  await page.goto("/feed");
  await expect(page.getByText(`Harbour Weekly ${stamp}`, { exact: true })).toBeVisible();
});
