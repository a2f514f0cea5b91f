import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { newsletter } from "@/db/schema";
import { GET as listComments, POST as postComment } from "@/app/api/issues/[emailId]/comments/route";
import { PUT as interact } from "@/app/api/issues/[emailId]/interactions/route";
import { GET as commented } from "@/app/api/issues/comments/route";
import { GET as favorited } from "@/app/api/issues/favorited/route";
import { GET as liked } from "@/app/api/issues/liked/route";
import { GET as myComments } from "@/app/api/users/me/comments/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail, seedNewsletter } from "../support/seed";

useDatabase();

const params = (emailId: number) => ({ emailId: String(emailId) });
const comment = (user: TestUser, emailId: number, content: unknown) =>
  call(postComment, `/api/issues/${emailId}/comments`, { method: "POST", cookie: user.cookie, params: params(emailId), body: { content } });
const thread = (user: TestUser, emailId: number) =>
  call(listComments, `/api/issues/${emailId}/comments`, { cookie: user.cookie, params: params(emailId) });
const put = (user: TestUser, emailId: number, body: unknown) =>
  call(interact, `/api/issues/${emailId}/interactions`, { method: "PUT", cookie: user.cookie, params: params(emailId), body });
const ids = (body: unknown) => (body as { items: { id: number }[] }).items.map((item) => item.id);

describe("comments", () => {
  it("POST /api/issues/{id}/comments adds a trimmed comment signed with the username", async () => {
    const user = await registerUser("Comment Writer");
    const { id, issueId } = await seedEmail(user.id);
    const result = await comment(user, id, "  Great issue!  ");
    expect(result).toMatchObject({
      status: 201,
      body: {
        id: expect.any(Number),
        issue_id: issueId,
        email_id: id,
        content: "Great issue!",
        created_at: expect.any(String),
        owner: { username: user.username },
      },
    });
    expect((await thread(user, id)).body).toEqual({ items: [result.body] });
  });

  it("POST /api/issues/{id}/comments refuses blank and over-long comments with 422", async () => {
    const user = await registerUser();
    const { id } = await seedEmail(user.id);
    expect(await comment(user, id, "   ")).toMatchObject({ status: 422, body: { detail: "A comment needs some text." } });
    expect(await comment(user, id, "x".repeat(5001))).toMatchObject({
      status: 422,
      body: { detail: "A comment can be at most 5000 characters long." },
    });
    expect((await thread(user, id)).body).toEqual({ items: [] });
  });

  it("POST /api/issues/{id}/comments refuses text PostgreSQL cannot store with 422, and keeps emoji and right-to-left text", async () => {
    const user = await registerUser();
    const { id } = await seedEmail(user.id);
    const detail = "content cannot contain NUL characters or broken Unicode.";
    expect(await comment(user, id, "a\u0000b")).toMatchObject({
      status: 422,
      body: { detail, errors: [{ field: "content", message: detail }] },
    });
    expect(await comment(user, id, "half a pair \ud800")).toMatchObject({ status: 422, body: { detail } });
    expect((await thread(user, id)).body).toEqual({ items: [] });
    expect(await comment(user, id, "👍 שלום")).toMatchObject({ status: 201, body: { content: "👍 שלום" } });
  });

  it("every reader of the same issue of a public newsletter sees one thread, oldest first", async () => {
    const first = await registerUser();
    const second = await registerUser();
    const mine = await seedEmail(first.id, { newsletterId: await seedNewsletter({ isPublic: true }) });
    const theirs = await seedEmail(second.id, { newsletterId: mine.newsletterId, issueId: mine.issueId });
    await comment(first, mine.id, "First!");
    await comment(second, theirs.id, "Second.");
    const seen = (await thread(second, theirs.id)).body as { items: { content: string; owner: { username: string } }[] };
    expect(seen.items.map((item) => [item.content, item.owner.username])).toEqual([
      ["First!", first.username],
      ["Second.", second.username],
    ]);
  });

  it("another user's email is not found, for reading and writing comments", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const { id } = await seedEmail(owner.id);
    expect((await thread(stranger, id)).status).toBe(404);
    expect((await comment(stranger, id, "Sneaky")).status).toBe(404);
    expect((await thread(owner, id)).body).toEqual({ items: [] });
  });

  it("a reader of a public newsletter's issue they never received reads and joins its thread", async () => {
    const owner = await registerUser();
    const reader = await registerUser();
    const newsletterId = await seedNewsletter({ isPublic: true });
    const { id, issueId } = await seedEmail(owner.id, { newsletterId });
    await comment(owner, id, "From the inbox");
    const posted = await comment(reader, id, "From discover");
    expect(posted).toMatchObject({
      status: 201,
      body: {
        id: expect.any(Number),
        issue_id: issueId,
        email_id: null,
        content: "From discover",
        created_at: expect.any(String),
        owner: { username: reader.username },
      },
    });
    for (const user of [owner, reader]) {
      const seen = (await thread(user, id)).body as { items: { content: string }[] };
      expect(seen.items.map((item) => item.content)).toEqual(["From the inbox", "From discover"]);
    }
    // The reader commented on that email: it is theirs to find again, in its shared form, with nothing of the owner's copy.
    const activity = await call(commented, "/api/issues/comments", { cookie: reader.cookie });
    expect(activity.body).toMatchObject({
      items: [{ id, issue_id: issueId, public_share_id: null, folder_ids: [] }],
      total_items: 1,
      total_pages: 1,
    });
    expect(JSON.stringify(activity.body)).not.toContain(owner.unique_email);
    await getDb().update(newsletter).set({ isPublic: false }).where(eq(newsletter.id, newsletterId));
    expect((await call(commented, "/api/issues/comments", { cookie: reader.cookie })).body).toMatchObject({ items: [], total_items: 0 });
  });

  it("GET /api/issues/comments lists a public issue commented on from discover, then the reader's own copy once it arrives", async () => {
    const owner = await registerUser();
    const reader = await registerUser();
    const newsletterId = await seedNewsletter({ isPublic: true });
    const publicIssue = await seedEmail(owner.id, { newsletterId });
    const mine = await seedEmail(reader.id);
    await comment(reader, mine.id, "On my own email");
    await comment(reader, publicIssue.id, "From discover");
    expect(ids((await call(commented, "/api/issues/comments", { cookie: reader.cookie })).body)).toEqual([publicIssue.id, mine.id]);
    const copy = await seedEmail(reader.id, { newsletterId, issueId: publicIssue.issueId });
    await comment(reader, mine.id, "Again on mine");
    const page = await call(commented, "/api/issues/comments?page_size=1", { cookie: reader.cookie });
    expect(page.body).toMatchObject({ total_items: 2, total_pages: 2, current_page: 1, page_size: 1 });
    expect(ids(page.body)).toEqual([mine.id]);
    expect(ids((await call(commented, "/api/issues/comments?page=2&page_size=1", { cookie: reader.cookie })).body)).toEqual([copy.id]);
  });

  it("GET /api/users/me/comments lists my comments, newest first", async () => {
    const user = await registerUser();
    const a = await seedEmail(user.id);
    const b = await seedEmail(user.id);
    await comment(user, a.id, "older");
    await comment(user, b.id, "newer");
    const result = await call(myComments, "/api/users/me/comments", { cookie: user.cookie });
    expect((result.body as { items: { content: string }[] }).items.map((item) => item.content)).toEqual(["newer", "older"]);
  });
});

describe("activity lists", () => {
  it("GET /api/issues/liked, /favorited and /comments list the emails acted on, newest action first", async () => {
    const user = await registerUser();
    const a = await seedEmail(user.id);
    const b = await seedEmail(user.id);
    await seedEmail(user.id);
    await put(user, a.id, { is_liked: true });
    await put(user, b.id, { is_liked: true });
    await put(user, a.id, { is_favorited: true });
    await comment(user, b.id, "Note to self");
    const likedPage = await call(liked, "/api/issues/liked", { cookie: user.cookie });
    expect(likedPage.body).toMatchObject({ total_items: 2, total_pages: 1, current_page: 1, page_size: 20 });
    expect(ids(likedPage.body)).toEqual([b.id, a.id]);
    expect(ids((await call(favorited, "/api/issues/favorited", { cookie: user.cookie })).body)).toEqual([a.id]);
    expect(ids((await call(commented, "/api/issues/comments", { cookie: user.cookie })).body)).toEqual([b.id]);
    expect((await call(liked, "/api/issues/liked?page=0", { cookie: user.cookie })).status).toBe(422);
  });

  it("show nothing of other users, and answer 401 without a session", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const { id } = await seedEmail(owner.id);
    await put(owner, id, { is_liked: true });
    expect((await call(liked, "/api/issues/liked", { cookie: stranger.cookie })).body).toMatchObject({ items: [], total_items: 0 });
    expect((await call(liked, "/api/issues/liked")).status).toBe(401);
    expect((await call(myComments, "/api/users/me/comments")).status).toBe(401);
  });
});
