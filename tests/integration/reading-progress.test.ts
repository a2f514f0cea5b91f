import { describe, expect, it } from "vitest";
import { PUT as putProgress } from "@/app/api/issues/[emailId]/progress/route";
import { GET as getEmail } from "@/app/api/issues/[emailId]/route";
import { GET as feed } from "@/app/api/issues/feed/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail, seedNewsletter } from "../support/seed";

useDatabase();

const save = (user: TestUser, emailId: number | string, body: unknown) =>
  call(putProgress, `/api/issues/${emailId}/progress`, { method: "PUT", cookie: user.cookie, params: { emailId: String(emailId) }, body });
const read = (user: TestUser, emailId: number) =>
  call(getEmail, `/api/issues/${emailId}`, { cookie: user.cookie, params: { emailId: String(emailId) } });
const feedItems = async (user: TestUser) =>
  (
    (await call(feed, "/api/issues/feed?page_size=100", { cookie: user.cookie })).body as {
      items: { id: number; read_progress: unknown }[];
    }
  ).items;

describe("PUT /api/issues/{id}/progress", () => {
  it("keeps the latest fraction, shown as read_progress on the issue and in the feed", async () => {
    const user = await registerUser();
    const { id } = await seedEmail(user.id);
    const untouched = await seedEmail(user.id);

    expect(await save(user, id, { fraction: 0.4 })).toMatchObject({ status: 204, body: null });
    expect((await read(user, id)).body).toMatchObject({ id, read_progress: 0.4 });
    expect(await save(user, id, { fraction: 0.75 })).toMatchObject({ status: 204, body: null });

    expect((await read(user, id)).body).toMatchObject({ id, read_progress: 0.75 });
    const items = await feedItems(user);
    expect(items.find((item) => item.id === id)?.read_progress).toBe(0.75);
    expect(items.find((item) => item.id === untouched.id)?.read_progress).toBeNull();
    expect((await read(user, untouched.id)).body).toMatchObject({ read_progress: null });
  });

  it.each([0, 1])("accepts the bound %j", async (fraction) => {
    const user = await registerUser();
    const { id } = await seedEmail(user.id);
    expect((await save(user, id, { fraction })).status).toBe(204);
    expect((await read(user, id)).body).toMatchObject({ read_progress: fraction });
  });

  it.each([[{ fraction: -0.01 }], [{ fraction: 1.01 }], [{ fraction: "0.5" }], [{ fraction: null }], [{}], [{ fraction: 0.5, page: 2 }]])(
    "refuses %j with 422 and keeps nothing",
    async (body) => {
      const user = await registerUser();
      const { id } = await seedEmail(user.id);
      const result = await save(user, id, body);
      expect(result.status).toBe(422);
      expect(result.body).toMatchObject({ detail: expect.any(String) });
      expect((await read(user, id)).body).toMatchObject({ read_progress: null });
    },
  );

  it("names the range when the fraction is out of it", async () => {
    const user = await registerUser();
    const { id } = await seedEmail(user.id);
    expect((await save(user, id, { fraction: 2 })).body).toMatchObject({
      detail: expect.stringContaining("fraction must be a number from 0 to 1."),
    });
  });

  it("refuses a body that is not JSON with 400", async () => {
    const user = await registerUser();
    const { id } = await seedEmail(user.id);
    const result = await call(putProgress, `/api/issues/${id}/progress`, {
      method: "PUT",
      cookie: user.cookie,
      params: { emailId: String(id) },
      rawBody: "{fraction",
      headers: { "content-type": "application/json" },
    });
    expect(result).toMatchObject({ status: 400, body: { detail: expect.any(String) } });
  });

  it("answers 404 for another reader's email and leaves their progress alone", async () => {
    const [owner, other] = [await registerUser(), await registerUser()];
    const { id } = await seedEmail(owner.id);
    await save(owner, id, { fraction: 0.3 });
    expect(await save(other, id, { fraction: 0.9 })).toMatchObject({ status: 404, body: { detail: "Email not found" } });
    expect((await read(owner, id)).body).toMatchObject({ read_progress: 0.3 });
  });

  it.each(["999999999", "abc"])("answers 404 for the id %j", async (emailId) => {
    const user = await registerUser();
    expect(await save(user, emailId, { fraction: 0.5 })).toMatchObject({ status: 404, body: { detail: expect.any(String) } });
  });

  it("keeps progress on the reader's own copy when they read a public issue through another reader's", async () => {
    const [first, second] = [await registerUser(), await registerUser()];
    const newsletterId = await seedNewsletter({ isPublic: true });
    const theirs = await seedEmail(first.id, { newsletterId });
    const mine = await seedEmail(second.id, { newsletterId, issueId: theirs.issueId });
    expect((await save(second, theirs.id, { fraction: 0.6 })).status).toBe(204);
    expect((await read(second, mine.id)).body).toMatchObject({ read_progress: 0.6 });
    expect((await read(first, theirs.id)).body).toMatchObject({ read_progress: null });
  });

  it("answers 404 for a public issue the reader holds no copy of: there is no copy to keep it on", async () => {
    const [first, second] = [await registerUser(), await registerUser()];
    const theirs = await seedEmail(first.id, { newsletterId: await seedNewsletter({ isPublic: true }) });
    expect((await read(second, theirs.id)).status).toBe(200);
    expect(await save(second, theirs.id, { fraction: 0.6 })).toMatchObject({ status: 404, body: { detail: "Email not found" } });
  });

  it("answers 401 without a session", async () => {
    const { id } = await seedEmail((await registerUser()).id);
    const result = await call(putProgress, `/api/issues/${id}/progress`, {
      method: "PUT",
      params: { emailId: String(id) },
      body: { fraction: 0.5 },
    });
    expect(result).toMatchObject({ status: 401, body: { detail: expect.any(String) } });
  });
});
