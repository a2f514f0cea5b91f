import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { email } from "@/db/schema";
import { GET as getFeed } from "@/app/api/issues/feed/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { daysAgo, seedCategory, seedEmail, seedNewsletter, seedSubscription } from "../support/seed";
import { PUT as interact } from "@/app/api/issues/[emailId]/interactions/route";
import { PUT as putSubscription } from "@/app/api/newsletters/[newsletterId]/subscription/route";

useDatabase();

type Page = { items: { id: number; subject: string }[]; total_items: number; total_pages: number; current_page: number; page_size: number };
const feed = async (user: TestUser, query = "") => {
  const result = await call(getFeed, `/api/issues/feed${query}`, { cookie: user.cookie });
  return { status: result.status, body: result.body as Page };
};
const subjects = (page: Page) => page.items.map((item) => item.subject);

describe("GET /api/issues/feed", () => {
  let reader: TestUser;
  let techCategory: number;

  beforeAll(async () => {
    reader = await registerUser("Feed Reader");
    techCategory = await seedCategory();
    const tech = await seedNewsletter({ name: "Tech Letter", categoryIds: [techCategory] });
    const food = await seedNewsletter({ name: "Food Letter" });
    await seedSubscription(reader.id, tech, "active");
    await seedSubscription(reader.id, food, "inactive");
    await seedEmail(reader.id, {
      newsletterId: tech,
      subject: "Bravo compilers",
      senderName: "Tech Letter",
      wordCount: 900,
      dateReceived: daysAgo(1),
      bodyPlain: "Rust borrow checker explained",
    });
    await seedEmail(reader.id, {
      newsletterId: food,
      subject: "Alpha pasta",
      senderName: "Food Letter",
      wordCount: 150,
      dateReceived: daysAgo(10),
      bodyPlain: "Fresh tagliatelle by hand",
    });
    await seedEmail(reader.id, {
      newsletterId: tech,
      subject: "Charlie kernels",
      senderName: "Tech Letter",
      wordCount: 400,
      dateReceived: daysAgo(45),
      bodyPlain: "Scheduling and interrupts",
    });
  });

  it("lists the newest first, as a paged list of Emails", async () => {
    const { status, body } = await feed(reader);
    expect(status).toBe(200);
    expect(subjects(body)).toEqual(["Bravo compilers", "Alpha pasta", "Charlie kernels"]);
    expect(body).toMatchObject({ total_items: 3, total_pages: 1, current_page: 1, page_size: 20 });
    expect(body.items[0]).toEqual({
      id: expect.any(Number),
      issue_id: expect.any(Number),
      newsletter_id: expect.any(Number),
      newsletter_metadata_id: expect.any(Number),
      newsletter: { id: expect.any(Number) },
      newsletter_metadata: {
        id: expect.any(Number),
        newsletter_name: "Tech Letter",
        newsletter_url: "https://letter.example",
        logoUrl: null,
      },
      subject: "Bravo compilers",
      sender_name: "Tech Letter",
      sender_email: "sender@letter.example",
      email_summary: "A summary.",
      date_received: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      thumbnail_image_url: null,
      word_count: 900,
      time_to_read: 5,
      is_read: false,
      read_progress: null,
      is_liked: false,
      is_favorited: false,
      is_subscribed: true,
      is_forwarded: false,
      sender_verified: false,
      sender_verified_domain: null,
      folder_ids: [],
      newsletter_url: "https://letter.example",
      public_share_id: expect.stringMatching(/^[A-Za-z0-9_-]{22,}$/),
      liked_at: null,
      favorited_at: null,
      like_count: 0,
      comment_count: 0,
      kind: "issue",
      confirmation_url: null,
    });
    expect(body.items[0]).not.toHaveProperty("body_html");
  });

  it.each([
    ["?sort_by=subject&sort_order=asc", ["Alpha pasta", "Bravo compilers", "Charlie kernels"]],
    ["?sort_by=time_to_read&sort_order=desc", ["Bravo compilers", "Charlie kernels", "Alpha pasta"]],
    ["?sort_by=date_received&sort_order=asc", ["Charlie kernels", "Alpha pasta", "Bravo compilers"]],
    ["?recency_filter=last_7_days", ["Bravo compilers"]],
    ["?recency_filter=last_30_days", ["Bravo compilers", "Alpha pasta"]],
    ["?subscription_status=subscribed", ["Bravo compilers", "Charlie kernels"]],
    ["?subscription_status=unsubscribed", ["Alpha pasta"]],
    ["?search=tagliatelle", ["Alpha pasta"]],
    ["?search=kernels", ["Charlie kernels"]],
    ["?search=Tech%20Letter", ["Bravo compilers", "Charlie kernels"]],
    ["?search=nothing-like-this", []],
    ["?search=kern", ["Charlie kernels"]],
    ["?search=tech%20lett", ["Bravo compilers", "Charlie kernels"]],
    ["?search=%22tagliatelle%22%20%26%20!(", ["Alpha pasta"]],
    ["?search=%3A*%20%7C", []],
  ])("filters and sorts with %s", async (query, expected) => {
    const { status, body } = await feed(reader, query);
    expect(status).toBe(200);
    expect(subjects(body)).toEqual(expected);
  });

  it("searches the reader's own mail alone, by whole words and by their beginnings", async () => {
    const other = await registerUser();
    await seedEmail(other.id, { subject: "Charlie kernels again", bodyPlain: "Fresh tagliatelle by hand" });
    expect(subjects((await feed(reader, "?search=kernels")).body)).toEqual(["Charlie kernels"]);
    expect(subjects((await feed(reader, "?search=kern")).body)).toEqual(["Charlie kernels"]);
    expect(subjects((await feed(other, "?search=tagliatelle%20kernels")).body)).toEqual(["Charlie kernels again"]);
    expect(subjects((await feed(other, "?search=scheduling")).body)).toEqual([]);
  });

  it("lists pending confirmations alone with kind=confirmation", async () => {
    const user = await registerUser();
    await seedEmail(user.id, { subject: "An issue" });
    await seedEmail(user.id, { subject: "Confirm your subscription", kind: "confirmation" });
    expect(subjects((await feed(user, "?kind=confirmation&read_status=unread")).body)).toEqual(["Confirm your subscription"]);
    expect(subjects((await feed(user, "?kind=issue")).body)).toEqual(["An issue"]);
    expect((await feed(user, "?kind=newsletter")).status).toBe(400);
  });

  it("filters by category", async () => {
    expect(subjects((await feed(reader, `?category_id=${techCategory}`)).body)).toEqual(["Bravo compilers", "Charlie kernels"]);
  });

  it("refuses a category_id beyond the id range with 422, not a server error", async () => {
    const result = await call(getFeed, "/api/issues/feed?category_id=3000000000", { cookie: reader.cookie });
    expect(result).toMatchObject({
      status: 422,
      body: { detail: "category_id must be at most 2147483647.", errors: [{ field: "category_id" }] },
    });
  });

  it("pages with page and page_size", async () => {
    const second = await feed(reader, "?page=2&page_size=2");
    expect(second.body).toMatchObject({ total_items: 3, total_pages: 2, current_page: 2, page_size: 2 });
    expect(subjects(second.body)).toEqual(["Charlie kernels"]);
    expect((await feed(reader, "?page=9")).body.items).toEqual([]);
  });

  it("keeps total_items exact as mail arrives and goes, with and without filters, past the last page too", async () => {
    const user = await registerUser();
    const total = async (query = "") => (await feed(user, query)).body.total_items;
    await seedEmail(user.id, { subject: "First orbit" });
    expect(await total()).toBe(1);
    const second = await seedEmail(user.id, { subject: "Second orbit" });
    await seedEmail(user.id, { subject: "Confirm please", kind: "confirmation" });
    expect(await total()).toBe(3);
    expect(await total("?kind=issue")).toBe(2);
    expect(await total("?kind=confirmation")).toBe(1);
    expect((await feed(user, "?search=orbit&page=5")).body).toMatchObject({ items: [], total_items: 2, total_pages: 1 });
    expect((await feed(user, "?page=5")).body).toMatchObject({ items: [], total_items: 3, total_pages: 1 });
    await getDb().delete(email).where(eq(email.id, second.id));
    expect(await total()).toBe(2);
    expect(await total("?kind=issue")).toBe(1);
  });

  it("filters by read status", async () => {
    const { body } = await feed(reader);
    const alpha = body.items.find((item) => item.subject === "Alpha pasta")!;
    await call(interact, `/api/issues/${alpha.id}/interactions`, {
      method: "PUT",
      cookie: reader.cookie,
      params: { emailId: String(alpha.id) },
      body: { is_read: true, read_duration_seconds: 30 },
    });
    expect(subjects((await feed(reader, "?read_status=read")).body)).toEqual(["Alpha pasta"]);
    expect(subjects((await feed(reader, "?read_status=unread")).body)).toEqual(["Bravo compilers", "Charlie kernels"]);
  });

  it("follows subscriptions changed and issues marked unread after the mail arrived", async () => {
    const user = await registerUser();
    const letter = await seedNewsletter({ name: "Late Letter" });
    const arrived = await seedEmail(user.id, { subject: "Arrived first", newsletterId: letter });
    const setStatus = (status: string) =>
      call(putSubscription, `/api/newsletters/${letter}/subscription`, {
        method: "PUT",
        cookie: user.cookie,
        params: { newsletterId: String(letter) },
        body: { status },
      });
    const markRead = (is_read: boolean) =>
      call(interact, `/api/issues/${arrived.id}/interactions`, {
        method: "PUT",
        cookie: user.cookie,
        params: { emailId: String(arrived.id) },
        body: { is_read },
      });
    expect(subjects((await feed(user, "?subscription_status=unsubscribed")).body)).toEqual(["Arrived first"]);
    expect((await setStatus("active")).status).toBe(200);
    expect(subjects((await feed(user, "?subscription_status=subscribed&read_status=unread")).body)).toEqual(["Arrived first"]);
    expect(subjects((await feed(user, "?subscription_status=unsubscribed")).body)).toEqual([]);
    expect((await markRead(true)).status).toBe(200);
    expect((await feed(user, "?read_status=unread")).body.total_items).toBe(0);
    expect((await markRead(false)).status).toBe(200);
    expect(subjects((await feed(user, "?read_status=unread")).body)).toEqual(["Arrived first"]);
    expect((await setStatus("inactive")).status).toBe(200);
    expect(subjects((await feed(user, "?subscription_status=unsubscribed&read_status=unread")).body)).toEqual(["Arrived first"]);
  });

  it.each([
    ["?sort_by=popularity", 400],
    ["?sort_order=sideways", 400],
    ["?recency_filter=last_year", 400],
    ["?read_status=maybe", 400],
    ["?page=0", 422],
    ["?page=abc", 422],
    ["?page_size=101", 422],
    ["?category_id=x", 422],
  ])("refuses %s with %i", async (query, status) => {
    const result = await feed(reader, query);
    expect(result.status).toBe(status);
    expect(result.body).toHaveProperty("detail");
  });

  it("shows nobody else's mail and answers 401 without a session", async () => {
    const stranger = await registerUser();
    expect((await feed(stranger)).body).toMatchObject({ items: [], total_items: 0, total_pages: 0 });
    expect((await call(getFeed, "/api/issues/feed")).status).toBe(401);
  });
});
