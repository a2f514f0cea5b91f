import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as getFeed } from "@/app/api/issues/feed/route";
import { POST as markRead } from "@/app/api/issues/feed/mark-read/route";
import { POST as markUnread } from "@/app/api/issues/feed/mark-unread/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { daysAgo, seedCategory, seedEmail, seedNewsletter, seedRead, seedSubscription } from "../support/seed";

useDatabase();

type Item = { id: number; subject: string; is_read: boolean };

/** A reader with five issues spread over the feed's filters, and a bystander holding the same kinds of mail. */
async function readerWithMail() {
  const reader = await registerUser("Marking Reader");
  const bystander = await registerUser("Bystander");
  const category = await seedCategory();
  const tech = await seedNewsletter({ name: "Tech Letter", categoryIds: [category] });
  const food = await seedNewsletter({ name: "Food Letter" });
  for (const user of [reader, bystander]) {
    await seedSubscription(user.id, tech, "active");
    await seedSubscription(user.id, food, "inactive");
    await seedEmail(user.id, {
      newsletterId: tech,
      subject: "Bravo compilers",
      senderName: "Tech Letter",
      dateReceived: daysAgo(1),
      bodyPlain: "Rust borrow checker explained",
    });
    await seedEmail(user.id, {
      newsletterId: food,
      subject: "Alpha pasta",
      senderName: "Food Letter",
      dateReceived: daysAgo(10),
      bodyPlain: "Fresh tagliatelle by hand",
    });
    await seedEmail(user.id, {
      newsletterId: tech,
      subject: "Charlie kernels",
      senderName: "Tech Letter",
      dateReceived: daysAgo(45),
      bodyPlain: "Scheduling and interrupts",
    });
    await seedEmail(user.id, {
      newsletterId: food,
      subject: "Delta soups",
      senderName: "Food Letter",
      dateReceived: daysAgo(3),
      bodyPlain: "Tagliatelle in broth",
    });
    await seedEmail(user.id, {
      newsletterId: tech,
      subject: "Confirm your subscription",
      senderName: "Tech Letter",
      dateReceived: daysAgo(2),
      kind: "confirmation",
    });
  }
  return { reader, bystander, category };
}

async function feedItems(user: TestUser): Promise<Item[]> {
  const result = await call(getFeed, "/api/issues/feed?page_size=100", { cookie: user.cookie });
  return (result.body as { items: Item[] }).items;
}

const readSubjects = async (user: TestUser) =>
  (await feedItems(user))
    .filter((item) => item.is_read)
    .map((item) => item.subject)
    .sort();

const post = (user: TestUser, query: string, body?: unknown) =>
  call(markRead, `/api/issues/feed/mark-read${query}`, { method: "POST", cookie: user.cookie, body });

const undo = (user: TestUser, emailIds: number[]) =>
  call(markUnread, "/api/issues/feed/mark-unread", { method: "POST", cookie: user.cookie, body: { email_ids: emailIds } });

describe("POST /api/issues/feed/mark-read", () => {
  // One reader for the cases that leave nothing read: each case undoes its marks (the undo's own test).
  let shared: Awaited<ReturnType<typeof readerWithMail>>;
  beforeAll(async () => {
    shared = await readerWithMail();
  });
  afterEach(async () => {
    expect(await readSubjects(shared.reader)).toEqual([]);
    expect(await readSubjects(shared.bystander)).toEqual([]);
  });

  it.each([
    ["", ["Alpha pasta", "Bravo compilers", "Charlie kernels", "Confirm your subscription", "Delta soups"]],
    ["?recency_filter=last_7_days", ["Bravo compilers", "Confirm your subscription", "Delta soups"]],
    ["?recency_filter=last_30_days&subscription_status=unsubscribed", ["Alpha pasta", "Delta soups"]],
    ["?subscription_status=subscribed", ["Bravo compilers", "Charlie kernels", "Confirm your subscription"]],
    ["?category_id={category}&recency_filter=last_30_days", ["Bravo compilers", "Confirm your subscription"]],
    ["?search=tagliatelle", ["Alpha pasta", "Delta soups"]],
    ["?search=tagliatelle&recency_filter=last_7_days", ["Delta soups"]],
    // The feed lists the emails whose words begin so when none has the whole word; so does mark-read.
    ["?search=kern", ["Charlie kernels"]],
    ["?search=nothing-like-this", []],
    ["?kind=issue&read_status=unread&sort_by=subject&sort_order=asc", ["Alpha pasta", "Bravo compilers", "Charlie kernels", "Delta soups"]],
    ["?kind=confirmation", ["Confirm your subscription"]],
    ["?read_status=read", []],
  ])("marks read only the reader's emails the feed lists for %j", async (rawQuery, expected) => {
    const { reader, bystander, category } = shared;
    const query = rawQuery.replace("{category}", String(category));
    const result = await post(reader, query);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ updated: expected.length, email_ids: expect.any(Array) });
    expect(await readSubjects(reader)).toEqual(expected);
    const idsBySubject = new Map((await feedItems(reader)).map((item) => [item.subject, item.id]));
    const emailIds = (result.body as { email_ids: number[] }).email_ids;
    expect(emailIds).toEqual(expected.map((subject) => idsBySubject.get(subject)).sort((a, b) => a! - b!));
    expect(await readSubjects(bystander)).toEqual([]);
    expect((await undo(reader, emailIds)).body).toEqual({ updated: expected.length, email_ids: emailIds });
  });

  it("takes the same query as a JSON body", async () => {
    const { reader } = shared;
    const result = await post(reader, "", { subscription_status: "unsubscribed", search: "tagliatelle", recency_filter: "last_7_days" });
    expect(result).toMatchObject({ status: 200, body: { updated: 1 } });
    expect(await readSubjects(reader)).toEqual(["Delta soups"]);
    await undo(reader, (result.body as { email_ids: number[] }).email_ids);
  });

  it.each([
    ["an unknown filter value", "?read_status=skimmed", 400],
    ["an unknown sort", "?sort_by=mood", 400],
    ["a category that is not an id", "?category_id=x", 422],
    ["a search of 10,000 characters", `?search=${"a".repeat(10_000)}`, 422],
  ])("refuses %s and marks nothing", async (_label, query, status) => {
    const { reader } = shared;
    const result = await post(reader, query);
    expect(result.status).toBe(status);
    expect(result.body).toMatchObject({ detail: expect.any(String) });
    expect(await readSubjects(reader)).toEqual([]);
  });

  it("refuses a bogus filter in the body with 400 and a body that is not an object with 400", async () => {
    const { reader } = shared;
    expect((await post(reader, "", { subscription_status: "maybe" })).status).toBe(400);
    const list = await call(markRead, "/api/issues/feed/mark-read", {
      method: "POST",
      cookie: reader.cookie,
      rawBody: "[1]",
      headers: { "content-type": "application/json" },
    });
    expect(list).toMatchObject({ status: 400, body: { detail: "The body must be a JSON object" } });
    expect(await readSubjects(reader)).toEqual([]);
  });

  it("answers a search of only punctuation or emoji with nothing marked, not an error", async () => {
    const { reader } = shared;
    expect((await post(reader, `?search=${encodeURIComponent("!?… 🎉🎉")}`)).body).toEqual({ updated: 0, email_ids: [] });
  });

  it("needs a session and a page of this site", async () => {
    const { reader } = shared;
    expect((await call(markRead, "/api/issues/feed/mark-read", { method: "POST" })).status).toBe(401);
    const foreign = await call(markRead, "/api/issues/feed/mark-read", {
      method: "POST",
      cookie: reader.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(await readSubjects(reader)).toEqual([]);
  });
});

describe("POST /api/issues/feed/mark-unread (undo)", () => {
  it("counts only what changed: issues already read are neither counted nor named", async () => {
    const { reader } = await readerWithMail();
    const alreadyRead = (await feedItems(reader)).find((item) => item.subject === "Alpha pasta")!;
    const seeded = await seedEmail(reader.id, { subject: "Echo read before", dateReceived: daysAgo(4) });
    await seedRead(reader.id, seeded);
    await post(reader, "?search=tagliatelle&recency_filter=last_7_days");
    const result = await post(reader, "");
    expect(result.body).toMatchObject({ updated: 4 });
    expect((result.body as { email_ids: number[] }).email_ids).not.toContain(seeded.id);
    expect((result.body as { email_ids: number[] }).email_ids).toContain(alreadyRead.id);
    expect((await post(reader, "")).body).toEqual({ updated: 0, email_ids: [] });
  });

  it("makes unread again exactly the issues mark-read changed", async () => {
    const { reader } = await readerWithMail();
    await post(reader, "?search=tagliatelle&recency_filter=last_7_days");
    const marked = (await post(reader, "?subscription_status=unsubscribed")).body as { email_ids: number[] };
    expect(await readSubjects(reader)).toEqual(["Alpha pasta", "Delta soups"]);
    const undone = await undo(reader, marked.email_ids);
    expect(undone).toMatchObject({ status: 200, body: { updated: 1, email_ids: marked.email_ids } });
    expect(await readSubjects(reader)).toEqual(["Delta soups"]);
  });

  it("leaves another reader's emails as they are", async () => {
    const { reader, bystander } = await readerWithMail();
    const theirs = (await post(bystander, "")).body as { email_ids: number[] };
    const result = await call(markUnread, "/api/issues/feed/mark-unread", {
      method: "POST",
      cookie: reader.cookie,
      body: { email_ids: theirs.email_ids },
    });
    expect(result.body).toEqual({ updated: 0, email_ids: [] });
    expect(await readSubjects(bystander)).toHaveLength(5);
  });

  it.each([
    [{}, "email_ids"],
    [{ email_ids: "1,2" }, "email_ids"],
    [{ email_ids: [1.5] }, "email_ids.0"],
    [{ email_ids: [0] }, "email_ids.0"],
  ])("refuses %j with 422", async (body, field) => {
    const result = await call(markUnread, "/api/issues/feed/mark-unread", { method: "POST", cookie: (await registerUser()).cookie, body });
    expect(result).toMatchObject({ status: 422, body: { errors: [{ field }] } });
  });
});
