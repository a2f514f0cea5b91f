import { describe, expect, it } from "vitest";
import { PUT as interact } from "@/app/api/issues/[emailId]/interactions/route";
import { GET as getEmail } from "@/app/api/issues/[emailId]/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail, seedNewsletter } from "../support/seed";

useDatabase();

const read = (user: TestUser, emailId: number | string) => call(getEmail, `/api/issues/${emailId}`, { cookie: user.cookie, params: { emailId: String(emailId) } });
const put = (user: TestUser, emailId: number | string, body: unknown) =>
  call(interact, `/api/issues/${emailId}/interactions`, { method: "PUT", cookie: user.cookie, params: { emailId: String(emailId) }, body });

describe("GET /api/issues/{id}", () => {
  it("returns the email with its bodies", async () => {
    const user = await registerUser();
    const seeded = await seedEmail(user.id, { subject: "Full read", bodyPlain: "Body text" });
    const result = await read(user, seeded.id);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ id: seeded.id, issue_id: seeded.issueId, subject: "Full read", body_html: "<p>Body text</p>", body_plain: "Body text" });
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

  it("keeps private newsletters and confirmation mails to their recipient", async () => {
    const owner = await registerUser();
    const reader = await registerUser();
    const open = await seedNewsletter({ isPublic: true });
    const confirmation = await seedEmail(owner.id, { newsletterId: open, kind: "confirmation" });
    const privateMail = await seedEmail(owner.id);
    expect((await read(reader, confirmation.id)).status).toBe(404);
    expect((await read(reader, privateMail.id)).status).toBe(404);
  });
});
