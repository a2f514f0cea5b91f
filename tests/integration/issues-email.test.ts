import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { emailRead, newsletter } from "@/db/schema";
import { PUT as interact } from "@/app/api/issues/[emailId]/interactions/route";
import { GET as getEmail } from "@/app/api/issues/[emailId]/route";
import { GET as favorited } from "@/app/api/issues/favorited/route";
import { GET as feed } from "@/app/api/issues/feed/route";
import { GET as liked } from "@/app/api/issues/liked/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail, seedNewsletter } from "../support/seed";

useDatabase();

const read = (user: TestUser, emailId: number | string) =>
  call(getEmail, `/api/issues/${emailId}`, { cookie: user.cookie, params: { emailId: String(emailId) } });
const put = (user: TestUser, emailId: number | string, body: unknown) =>
  call(interact, `/api/issues/${emailId}/interactions`, { method: "PUT", cookie: user.cookie, params: { emailId: String(emailId) }, body });

describe("GET /api/issues/{id}", () => {
  it("returns the email with its bodies", async () => {
    const user = await registerUser();
    const seeded = await seedEmail(user.id, { subject: "Full read", bodyPlain: "Body text" });
    const result = await read(user, seeded.id);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      id: seeded.id,
      issue_id: seeded.issueId,
      subject: "Full read",
      body_html: "<p>Body text</p>",
      body_plain: "Body text",
    });
  });

  it.each(["999999999", "abc", "-1", "1.5"])("answers 404 for the id %j", async (emailId) => {
    const user = await registerUser();
    expect(await read(user, emailId)).toMatchObject({ status: 404, body: { detail: expect.any(String) } });
  });
});

describe("PUT /api/issues/{id}/interactions", () => {
  it("likes and unlikes, counting the issue's likes", async () => {
    const user = await registerUser();
    const { id } = await seedEmail(user.id);
    const liked = await put(user, id, { is_liked: true });
    expect(liked).toMatchObject({ status: 200, body: { id, is_liked: true, like_count: 1, liked_at: expect.any(String) } });
    expect((await put(user, id, { is_liked: true })).body).toMatchObject({ is_liked: true, like_count: 1 });
    expect((await put(user, id, { is_liked: false })).body).toMatchObject({ is_liked: false, like_count: 0, liked_at: null });
  });

  it("favourites and unfavourites", async () => {
    const user = await registerUser();
    const { id } = await seedEmail(user.id);
    expect((await put(user, id, { is_favorited: true })).body).toMatchObject({ is_favorited: true, favorited_at: expect.any(String) });
    expect((await put(user, id, { is_favorited: false })).body).toMatchObject({ is_favorited: false, favorited_at: null });
  });

  it("marks read over several visits, and unread", async () => {
    const user = await registerUser();
    const { id } = await seedEmail(user.id);
    expect((await put(user, id, { is_read: true, read_duration_seconds: 40 })).body).toMatchObject({ is_read: true });
    expect((await put(user, id, { is_read: true, read_duration_seconds: 2 })).body).toMatchObject({ is_read: true });
    expect((await put(user, id, { is_read: false })).body).toMatchObject({ is_read: false });
  });

  it.each([
    [{}, 422],
    [{ is_liked: "yes" }, 422],
    [{ is_read: true, read_duration_seconds: -1 }, 422],
    [{ is_read: true, read_duration_seconds: 86_401 }, 422],
    [{ is_liked: true, is_favorited: true }, 422],
  ])("refuses %j with %i", async (body, status) => {
    const user = await registerUser();
    const { id } = await seedEmail(user.id);
    const result = await put(user, id, body);
    expect(result.status).toBe(status);
    expect(result.body).toHaveProperty("detail");
  });

  it("names the range of read_duration_seconds when it is out of it", async () => {
    const user = await registerUser();
    const { id } = await seedEmail(user.id);
    const message = "read_duration_seconds must be a whole number from 0 to 86400.";
    expect(await put(user, id, { is_read: true, read_duration_seconds: 86_401 })).toMatchObject({
      status: 422,
      body: { detail: message, errors: [{ field: "read_duration_seconds", message }] },
    });
  });
});

describe("another user's email", () => {
  it("is not found on every call, and nothing changes", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const { id } = await seedEmail(owner.id);
    expect((await read(stranger, id)).status).toBe(404);
    for (const body of [{ is_liked: true }, { is_favorited: true }, { is_read: true, read_duration_seconds: 5 }]) {
      expect((await put(stranger, id, body)).status).toBe(404);
    }
    expect((await read(owner, id)).body).toMatchObject({ is_liked: false, is_favorited: false, is_read: false, like_count: 0 });
  });
});

describe("GET /api/issues/{id} of another reader's email", () => {
  it("answers an issue of a public newsletter in its shared form, with my own fields", async () => {
    const owner = await registerUser("Original Recipient");
    const reader = await registerUser();
    const newsletterId = await seedNewsletter({ isPublic: true });
    const { id, issueId } = await seedEmail(owner.id, { newsletterId, subject: "Public edition", bodyPlain: "Shared words" });
    await put(owner, id, { is_liked: true });
    const result = await read(reader, id);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      id,
      issue_id: issueId,
      subject: "Public edition",
      body_plain: "Shared words",
      body_html: null,
      is_liked: false,
      is_favorited: false,
      is_read: false,
      folder_ids: [],
      public_share_id: null,
      like_count: 1,
    });
    expect(JSON.stringify(result.body)).not.toContain(owner.email);
  });

  it("answers the reader's own copy when they received the same issue", async () => {
    const owner = await registerUser();
    const reader = await registerUser();
    const newsletterId = await seedNewsletter({ isPublic: true });
    const theirs = await seedEmail(owner.id, { newsletterId });
    const mine = await seedEmail(reader.id, { newsletterId, issueId: theirs.issueId });
    expect((await read(reader, theirs.id)).body).toMatchObject({ id: mine.id, issue_id: theirs.issueId });
  });

  it("keeps private newsletters and confirmation mails to their recipient, for every interaction", async () => {
    const owner = await registerUser();
    const reader = await registerUser();
    const open = await seedNewsletter({ isPublic: true });
    const confirmation = await seedEmail(owner.id, { newsletterId: open, kind: "confirmation" });
    const privateMail = await seedEmail(owner.id);
    for (const { id } of [confirmation, privateMail]) {
      expect((await read(reader, id)).status).toBe(404);
      for (const body of [{ is_liked: true }, { is_favorited: true }, { is_read: true, read_duration_seconds: 5 }]) {
        expect(await put(reader, id, body)).toMatchObject({ status: 404, body: { detail: "Email not found" } });
      }
      expect((await read(owner, id)).body).toMatchObject({ is_liked: false, is_favorited: false, is_read: false, like_count: 0 });
    }
    expect((await call(liked, "/api/issues/liked", { cookie: reader.cookie })).body).toMatchObject({ items: [], total_items: 0 });
    expect((await call(favorited, "/api/issues/favorited", { cookie: reader.cookie })).body).toMatchObject({ items: [], total_items: 0 });
  });
});

describe("PUT /api/issues/{id}/interactions on a public issue the reader did not receive", () => {
  async function publicIssue() {
    const owner = await registerUser();
    const reader = await registerUser();
    const newsletterId = await seedNewsletter({ isPublic: true });
    const theirs = await seedEmail(owner.id, { newsletterId, subject: "Trending edition" });
    return { owner, reader, newsletterId, theirs };
  }
  const ids = (body: unknown) => (body as { items: { id: number }[] }).items.map((item) => item.id);
  const feedTotal = async (user: TestUser) =>
    ((await call(feed, "/api/issues/feed", { cookie: user.cookie })).body as { total_items: number }).total_items;

  it("likes and unlikes it, counting every reader's like of the edition, and lists it as liked without adding it to the feed", async () => {
    const { owner, reader, theirs } = await publicIssue();
    await put(owner, theirs.id, { is_liked: true });
    const likedByReader = await put(reader, theirs.id, { is_liked: true });
    expect(likedByReader).toMatchObject({
      status: 200,
      body: { id: theirs.id, issue_id: theirs.issueId, is_liked: true, liked_at: expect.any(String), like_count: 2, public_share_id: null },
    });
    expect((await put(reader, theirs.id, { is_liked: true })).body).toMatchObject({ is_liked: true, like_count: 2 });
    expect((await read(reader, theirs.id)).body).toMatchObject({ id: theirs.id, is_liked: true, like_count: 2 });
    expect((await read(owner, theirs.id)).body).toMatchObject({ is_liked: true, like_count: 2 });
    const likedPage = await call(liked, "/api/issues/liked", { cookie: reader.cookie });
    expect(likedPage.body).toMatchObject({
      total_items: 1,
      items: [{ id: theirs.id, subject: "Trending edition", is_liked: true, like_count: 2 }],
    });
    expect(await feedTotal(reader)).toBe(0);
    expect((await put(reader, theirs.id, { is_liked: false })).body).toMatchObject({ is_liked: false, liked_at: null, like_count: 1 });
    expect((await call(liked, "/api/issues/liked", { cookie: reader.cookie })).body).toMatchObject({ items: [], total_items: 0 });
    expect((await read(owner, theirs.id)).body).toMatchObject({ is_liked: true, like_count: 1 });
  });

  it("favourites and unfavourites it, listed with the reader's own favourites, newest first", async () => {
    const { reader, theirs } = await publicIssue();
    const mine = await seedEmail(reader.id);
    await put(reader, mine.id, { is_favorited: true });
    const favourited = await put(reader, theirs.id, { is_favorited: true });
    expect(favourited).toMatchObject({ status: 200, body: { id: theirs.id, is_favorited: true, favorited_at: expect.any(String) } });
    expect((await read(reader, theirs.id)).body).toMatchObject({ is_favorited: true, is_liked: false });
    expect(ids((await call(favorited, "/api/issues/favorited", { cookie: reader.cookie })).body)).toEqual([theirs.id, mine.id]);
    expect(await feedTotal(reader)).toBe(1);
    expect((await put(reader, theirs.id, { is_favorited: false })).body).toMatchObject({ is_favorited: false, favorited_at: null });
    expect(ids((await call(favorited, "/api/issues/favorited", { cookie: reader.cookie })).body)).toEqual([mine.id]);
  });

  it("marks it read over several visits, summing the seconds, and unread", async () => {
    const { owner, reader, newsletterId, theirs } = await publicIssue();
    expect((await put(reader, theirs.id, { is_read: true, read_duration_seconds: 40 })).body).toMatchObject({
      id: theirs.id,
      is_read: true,
    });
    expect((await put(reader, theirs.id, { is_read: true, read_duration_seconds: 2 })).body).toMatchObject({ is_read: true });
    const [reads] = await getDb()
      .select({ seconds: emailRead.durationSeconds })
      .from(emailRead)
      .where(and(eq(emailRead.userId, reader.id), eq(emailRead.issueId, theirs.issueId)));
    expect(reads).toEqual({ seconds: 42 });
    const [letter] = await getDb()
      .select({ seconds: newsletter.totalReadTimeSeconds })
      .from(newsletter)
      .where(eq(newsletter.id, newsletterId));
    expect(Number(letter!.seconds)).toBe(42);
    expect((await read(owner, theirs.id)).body).toMatchObject({ is_read: false });
    expect((await put(reader, theirs.id, { is_read: false })).body).toMatchObject({ is_read: false });
    expect((await read(reader, theirs.id)).body).toMatchObject({ is_read: false });
    expect(await feedTotal(reader)).toBe(0);
  });

  it("acts on the reader's own copy when they have one", async () => {
    const { reader, newsletterId, theirs } = await publicIssue();
    const mine = await seedEmail(reader.id, { newsletterId, issueId: theirs.issueId });
    expect((await put(reader, theirs.id, { is_liked: true })).body).toMatchObject({ id: mine.id, is_liked: true, like_count: 1 });
    expect(ids((await call(liked, "/api/issues/liked", { cookie: reader.cookie })).body)).toEqual([mine.id]);
  });

  it("hands the reader's like, favourite and read to a copy of the issue delivered later", async () => {
    const { reader, newsletterId, theirs } = await publicIssue();
    await put(reader, theirs.id, { is_liked: true });
    await put(reader, theirs.id, { is_favorited: true });
    await put(reader, theirs.id, { is_read: true, read_duration_seconds: 30 });
    const mine = await seedEmail(reader.id, { newsletterId, issueId: theirs.issueId });
    expect((await read(reader, theirs.id)).body).toMatchObject({
      id: mine.id,
      is_liked: true,
      is_favorited: true,
      is_read: true,
      like_count: 1,
    });
    expect((await put(reader, mine.id, { is_liked: true })).body).toMatchObject({ like_count: 1 });
    expect(ids((await call(liked, "/api/issues/liked", { cookie: reader.cookie })).body)).toEqual([mine.id]);
    const readFeed = await call(feed, "/api/issues/feed?read_status=read", { cookie: reader.cookie });
    expect(ids(readFeed.body)).toEqual([mine.id]);
  });

  it("drops the issue from the reader's lists once its newsletter is no longer public", async () => {
    const { reader, newsletterId, theirs } = await publicIssue();
    await put(reader, theirs.id, { is_liked: true });
    await getDb().update(newsletter).set({ isPublic: false }).where(eq(newsletter.id, newsletterId));
    expect((await call(liked, "/api/issues/liked", { cookie: reader.cookie })).body).toMatchObject({ items: [], total_items: 0 });
    expect((await put(reader, theirs.id, { is_liked: false })).status).toBe(404);
  });
});
