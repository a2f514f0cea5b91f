import { describe, expect, it, vi } from "vitest";
import type { ParsedMessage } from "@/lib/mail/content/parse";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { deliver, emailRow, mail, uniqueSender } from "./inbound-support";

vi.mock("@/lib/mail/content/mail-content", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/mail/content/mail-content")>();
  return {
    ...actual,
    buildContent: async (parsed: ParsedMessage) => {
      if (parsed.subject.includes("EXPLODE")) throw new Error("Filing exploded");
      return actual.buildContent(parsed);
    },
  };
});

useDatabase();

// Imported once inbound-support has configured the inbound secret the environment is read with.
const { GET: getDeliveries } = await import("@/app/api/users/me/deliveries/route");
const { POST: block } = await import("@/app/api/users/me/blocked-senders/route");
const { PUT: putMute } = await import("@/app/api/newsletters/[newsletterId]/mute/route");

type Delivery = {
  id: number;
  received_at: string;
  from: string | null;
  subject: string | null;
  recipient: string;
  outcome: string;
  email_id: number | null;
};
type Page = { items: Delivery[]; total_items: number; total_pages: number; current_page: number; page_size: number };

const deliveries = async (user: TestUser, query = "") => {
  const result = await call(getDeliveries, `/api/users/me/deliveries${query}`, { cookie: user.cookie });
  expect(result.status).toBe(200);
  return result.body as Page;
};
const stored = (result: { body: unknown }) => result.body as { message_id: number; emails: number[] };

describe("GET /api/users/me/deliveries", () => {
  it("logs each message with what became of it, newest first: filed, duplicate, muted, confirmation, blocked, failed", async () => {
    const user = await registerUser();
    const sender = uniqueSender();
    const first = mail({ to: user.unique_email.toUpperCase(), from: `Weekly <${sender}>`, subject: "First issue" });
    const filed = stored(await deliver(first));
    expect((await deliver(first)).status).toBe(200);
    const { newsletterId } = await emailRow(filed.emails[0]!);
    await call(putMute, `/api/newsletters/${newsletterId}/mute`, {
      method: "PUT",
      cookie: user.cookie,
      params: { newsletterId: String(newsletterId) },
      body: { muted: true },
    });
    const muted = stored(await deliver(mail({ to: user.unique_email, from: sender, subject: "Muted issue" })));
    const confirmation = stored(
      await deliver(
        mail({
          to: user.unique_email,
          from: uniqueSender(),
          subject: "Please confirm your subscription",
          html: '<p>Confirm your subscription to our letters.</p><p><a href="https://letters.example/confirm?token=abc">Confirm subscription</a></p>',
        }),
      ),
    );
    const blockedSender = uniqueSender();
    await call(block, "/api/users/me/blocked-senders", { method: "POST", cookie: user.cookie, body: { sender: blockedSender } });
    expect((await deliver(mail({ to: user.unique_email, from: blockedSender, subject: "Blocked issue" }))).status).toBe(202);
    expect((await deliver(mail({ to: user.unique_email, from: uniqueSender(), subject: "EXPLODE here" }))).status).toBe(202);

    const page = await deliveries(user);
    expect(page).toMatchObject({ total_items: 6, total_pages: 1, current_page: 1, page_size: 20 });
    expect(page.items.map((item) => [item.subject, item.outcome, item.email_id])).toEqual([
      ["EXPLODE here", "failed", null],
      ["Blocked issue", "blocked", null],
      ["Please confirm your subscription", "confirmation", confirmation.emails[0]],
      ["Muted issue", "muted", muted.emails[0]],
      ["First issue", "duplicate", filed.emails[0]],
      ["First issue", "filed", filed.emails[0]],
    ]);
    expect(page.items[5]).toMatchObject({
      from: sender,
      recipient: user.unique_email.toLowerCase(),
      received_at: expect.stringMatching(/Z$/),
    });
    expect(page.items[1]).toMatchObject({ from: blockedSender });

    const blockedOnly = await deliveries(user, "?outcome=blocked");
    expect(blockedOnly.items.map((item) => item.subject)).toEqual(["Blocked issue"]);
    expect(blockedOnly.total_items).toBe(1);
    const paged = await deliveries(user, "?page=2&page_size=4");
    expect(paged).toMatchObject({ total_items: 6, total_pages: 2, current_page: 2, page_size: 4 });
    expect(paged.items.map((item) => item.outcome)).toEqual(["duplicate", "filed"]);
  });

  it("shows a stored message not filed yet as pending", async () => {
    const user = await registerUser();
    const { insertInboundMessage } = await import("@/lib/mail/filing/repo");
    await insertInboundMessage(
      {
        dedupKey: `pending-${user.id}`,
        source: "raw",
        envelopeTo: [],
        kept: { raw: Buffer.from("Subject: Waiting\r\n\r\nHello"), rawKey: null, size: 24 },
      },
      [{ userId: user.id, recipient: user.unique_email }],
      { sender: "news@waiting.example", subject: "Waiting" },
    );
    expect((await deliveries(user, "?outcome=pending")).items).toMatchObject([
      { subject: "Waiting", outcome: "pending", email_id: null, from: "news@waiting.example" },
    ]);
  });

  it("is the reader's own: another recipient of the same message sees only their own entry and address", async () => {
    const reader = await registerUser();
    const other = await registerUser();
    const result = stored(await deliver(mail({ to: `${reader.unique_email}, ${other.unique_email}`, from: uniqueSender() })));
    const mine = await deliveries(reader);
    const theirs = await deliveries(other);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ recipient: reader.unique_email, outcome: "filed" });
    expect(theirs.items[0]).toMatchObject({ recipient: other.unique_email, outcome: "filed" });
    expect(result.emails).toContain(mine.items[0]!.email_id);
    expect(JSON.stringify(mine)).not.toContain(other.unique_email);
    expect(JSON.stringify(theirs)).not.toContain(reader.unique_email);
    const stranger = await registerUser();
    expect((await deliveries(stranger)).items).toEqual([]);
  });

  it("refuses an unknown outcome with 400 and a bad page size with 422, and needs a session", async () => {
    const user = await registerUser();
    expect((await call(getDeliveries, "/api/users/me/deliveries?outcome=lost", { cookie: user.cookie })).status).toBe(400);
    expect((await call(getDeliveries, "/api/users/me/deliveries?page_size=101", { cookie: user.cookie })).status).toBe(422);
    expect((await call(getDeliveries, "/api/users/me/deliveries")).status).toBe(401);
  });
});
