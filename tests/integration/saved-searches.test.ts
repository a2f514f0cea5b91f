import { describe, expect, it } from "vitest";
import { GET as listSearches, POST as createSearch } from "@/app/api/users/me/saved-searches/route";
import { DELETE as deleteSearch } from "@/app/api/users/me/saved-searches/[savedSearchId]/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";

useDatabase();

const create = (user: TestUser, body: unknown) =>
  call(createSearch, "/api/users/me/saved-searches", { method: "POST", cookie: user.cookie, body });
const list = (user: TestUser) => call(listSearches, "/api/users/me/saved-searches", { cookie: user.cookie });
const remove = (user: TestUser, id: number | string) =>
  call(deleteSearch, `/api/users/me/saved-searches/${id}`, {
    method: "DELETE",
    cookie: user.cookie,
    params: { savedSearchId: String(id) },
  });

describe("saved searches", () => {
  it("POST /api/users/me/saved-searches keeps a named query, trimmed, and GET lists them oldest first", async () => {
    const reader = await registerUser();
    const first = await create(reader, { name: "  Money, unread ", query: ' newsletter:"Money Stuff" is:unread ' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      name: "Money, unread",
      query: 'newsletter:"Money Stuff" is:unread',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const second = await create(reader, { name: "Gardens", query: "from:garden.example -weeds" });
    expect(await list(reader)).toMatchObject({ status: 200, body: { items: [first.body, second.body] } });
  });

  it.each([
    [{ name: "", query: "x" }, "name", "Name cannot be empty."],
    [{ query: "x" }, "name", "Name cannot be empty."],
    [{ name: "n".repeat(101), query: "x" }, "name", "Name must be at most 100 characters long."],
    [{ name: "A name", query: "   " }, "query", "Query cannot be empty."],
    [{ name: "A name", query: "q".repeat(201) }, "query", "Query must be at most 200 characters long."],
    [{ name: "A name", query: "after:2024-02-30" }, "query", "after: takes a date as YYYY-MM-DD, like after:2024-01-31."],
    [{ name: "A name", query: 42 }, "query", "Query cannot be empty."],
  ])("POST /api/users/me/saved-searches refuses %j with 422, keeping nothing", async (body, field, message) => {
    const reader = await registerUser();
    const result = await create(reader, body);
    expect({ status: result.status, body: result.body }).toEqual({ status: 422, body: { detail: message, errors: [{ field, message }] } });
    expect((await list(reader)).body).toEqual({ items: [] });
  });

  it("POST /api/users/me/saved-searches keeps at most 50, saves made at once included, and refuses more with 409", async () => {
    const reader = await registerUser();
    const saves = await Promise.all(
      Array.from({ length: 52 }, (_, index) => create(reader, { name: `Search ${index}`, query: `word${index}` })),
    );
    expect(saves.filter((save) => save.status === 201)).toHaveLength(50);
    const over = await create(reader, { name: "One too many", query: "more" });
    expect({ status: over.status, body: over.body }).toEqual({
      status: 409,
      body: { detail: "You can keep at most 50 saved searches. Delete one you no longer use." },
    });
    expect(((await list(reader)).body as { items: unknown[] }).items).toHaveLength(50);
  });

  it("DELETE /api/users/me/saved-searches/{id} forgets it; another reader's is not found and stays", async () => {
    const reader = await registerUser();
    const other = await registerUser();
    const mine = (await create(reader, { name: "Mine", query: "is:liked" })).body as { id: number };
    const theirs = (await create(other, { name: "Theirs", query: "is:read" })).body as { id: number };
    expect((await remove(reader, theirs.id)).status).toBe(404);
    expect(await remove(reader, "abc")).toMatchObject({ status: 404 });
    expect((await list(other)).body).toMatchObject({ items: [{ id: theirs.id }] });
    expect(await list(reader)).toMatchObject({ body: { items: [{ name: "Mine" }] } });
    expect((await remove(reader, mine.id)).status).toBe(204);
    expect(await remove(reader, mine.id)).toMatchObject({ status: 404, body: { detail: "Saved search not found" } });
    expect((await list(reader)).body).toEqual({ items: [] });
  });

  it("needs a session", async () => {
    expect((await call(listSearches, "/api/users/me/saved-searches")).status).toBe(401);
    expect((await call(createSearch, "/api/users/me/saved-searches", { method: "POST", body: { name: "x", query: "y" } })).status).toBe(
      401,
    );
    expect((await call(deleteSearch, "/api/users/me/saved-searches/1", { method: "DELETE", params: { savedSearchId: "1" } })).status).toBe(
      401,
    );
  });
});
