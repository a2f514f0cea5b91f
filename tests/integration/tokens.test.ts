import { describe, expect, it } from "vitest";
import { GET as getFeed } from "@/app/api/issues/feed/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as betterAuth } from "@/app/api/better-auth/[...all]/route";
import { GET as getExport } from "@/app/api/users/me/export/route";
import { GET as listFolders, POST as createFolder } from "@/app/api/users/me/folders/route";
import { GET as listImports, POST as startImport } from "@/app/api/users/me/imports/route";
import { PUT as changePassword } from "@/app/api/users/me/password/route";
import { DELETE as deleteMe, GET as getMe, PATCH as patchMe } from "@/app/api/users/me/route";
import { DELETE as revoke, GET as getOneToken } from "@/app/api/users/me/tokens/[tokenId]/route";
import { GET as listTokens, POST as mintToken } from "@/app/api/users/me/tokens/route";
import { call, registerUser, useDatabase, type CallOptions, type TestUser } from "../support/api";

useDatabase();

type Token = { id: number; name: string; scope: "read" | "write"; created_at: string; last_used_at: string | null };
type NewToken = Token & { token: string };

const FOREIGN = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

const mint = (user: TestUser, body: unknown, headers?: Record<string, string>) =>
  call(mintToken, "/api/users/me/tokens", { method: "POST", cookie: user.cookie, body, headers });
const made = async (user: TestUser, scope: "read" | "write", name = `${scope} client`) =>
  (await mint(user, { name, scope })).body as NewToken;
const list = async (user: TestUser) => (await call(listTokens, "/api/users/me/tokens", { cookie: user.cookie })).body as { items: Token[] };
const remove = (user: TestUser, id: number | string, options: CallOptions = {}) =>
  call(revoke, `/api/users/me/tokens/${id}`, { method: "DELETE", cookie: user.cookie, params: { tokenId: String(id) }, ...options });
const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

describe("/api/users/me/tokens", () => {
  it("shows a new token once, lists tokens newest first without it, and revokes one", async () => {
    const user = await registerUser();
    const first = await mint(user, { name: "  NetNewsWire ", scope: "read" });
    expect(first).toMatchObject({
      status: 201,
      body: { id: expect.any(Number), name: "NetNewsWire", scope: "read", created_at: expect.any(String), last_used_at: null },
    });
    expect((first.body as NewToken).token).toMatch(/^pb_[A-Za-z0-9_-]{43}$/);
    const second = await made(user, "write", "Backup script");
    expect(second.token).not.toBe((first.body as NewToken).token);

    const listed = await list(user);
    expect(listed.items.map((token) => token.name)).toEqual(["Backup script", "NetNewsWire"]);
    expect(listed.items[1]).toEqual({
      id: (first.body as NewToken).id,
      name: "NetNewsWire",
      scope: "read",
      created_at: (first.body as NewToken).created_at,
      last_used_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain("pb_");

    expect((await remove(user, second.id)).status).toBe(204);
    expect((await list(user)).items.map((token) => token.id)).toEqual([(first.body as NewToken).id]);
    expect((await remove(user, second.id)).status).toBe(404);
  });

  it("refuses bad input: unknown scope 400, missing or malformed fields 422, too many tokens 409", async () => {
    const user = await registerUser();
    expect(await mint(user, { name: "x", scope: "admin" })).toMatchObject({ status: 400, body: { detail: "Unknown value for scope" } });
    for (const body of [
      { scope: "read" },
      { name: "   ", scope: "read" },
      { name: "x".repeat(101), scope: "read" },
      { name: 7, scope: "read" },
    ]) {
      expect(await mint(user, body), JSON.stringify(body)).toMatchObject({
        status: 422,
        body: { detail: expect.any(String), errors: [{ field: "name" }] },
      });
    }
    expect(await mint(user, { name: "x" })).toMatchObject({ status: 422, body: { errors: [{ field: "scope" }] } });
    expect(await mint(user, { name: "x", scope: 1 })).toMatchObject({ status: 422, body: { errors: [{ field: "scope" }] } });
    expect(
      await call(mintToken, "/api/users/me/tokens", {
        method: "POST",
        cookie: user.cookie,
        rawBody: "{",
        headers: { "content-type": "application/json" },
      }),
    ).toMatchObject({ status: 400, body: { detail: "Malformed JSON body" } });
    expect((await mint(user, { name: "x".repeat(100), scope: "read" })).status).toBe(201);
    for (let made = 1; made < 50; made++) expect((await mint(user, { name: `token ${made}`, scope: "read" })).status).toBe(201);
    expect(await mint(user, { name: "one too many", scope: "read" })).toMatchObject({ status: 409, body: { detail: expect.any(String) } });
    expect((await list(user)).items).toHaveLength(50);
    expect(await remove(user, "abc")).toMatchObject({ status: 404 });
    expect(await remove(user, 2_000_000_000)).toMatchObject({ status: 404 });
    expect(await call(getOneToken, "/api/users/me/tokens/1", { cookie: user.cookie, params: { tokenId: "1" } })).toMatchObject({
      status: 405,
    });
  });

  it("needs a session: no caller is 401, a token (even a write one) is 403, another reader's token is 404", async () => {
    const user = await registerUser();
    const other = await registerUser();
    expect(await call(listTokens, "/api/users/me/tokens")).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
    expect(await call(mintToken, "/api/users/me/tokens", { method: "POST", body: { name: "x", scope: "read" } })).toMatchObject({
      status: 401,
    });
    const write = await made(user, "write");
    expect(await call(listTokens, "/api/users/me/tokens", { headers: bearer(write.token) })).toMatchObject({
      status: 403,
      body: { detail: expect.any(String) },
    });
    expect(
      await call(mintToken, "/api/users/me/tokens", { method: "POST", headers: bearer(write.token), body: { name: "x", scope: "write" } }),
    ).toMatchObject({ status: 403 });
    expect((await remove(user, write.id, { cookie: undefined, headers: bearer(write.token) })).status).toBe(403);
    // Nor can it act on sessions: ending them, or listing them.
    expect((await call(logout, "/api/auth/logout", { method: "POST", headers: bearer(write.token) })).status).toBe(403);
    expect(
      (await call(betterAuth, "/api/better-auth/revoke-sessions", { method: "POST", headers: bearer(write.token), body: {} })).status,
    ).toBe(403);

    // Nor take the account: a write token changes no password and deletes no account, even with the password.
    expect(
      await call(changePassword, "/api/users/me/password", {
        method: "PUT",
        headers: bearer(write.token),
        body: { current_password: user.password, new_password: "another-password-1" },
      }),
    ).toMatchObject({ status: 403 });
    expect(
      await call(deleteMe, "/api/users/me", { method: "DELETE", headers: bearer(write.token), body: { password: user.password } }),
    ).toMatchObject({ status: 403 });
    expect((await call(getMe, "/api/users/me", { headers: bearer(write.token) })).status).toBe(200);

    const theirs = await made(other, "read");
    expect(await remove(user, theirs.id)).toMatchObject({ status: 404, body: { detail: "Access token not found" } });
    expect((await list(other)).items.map((token) => token.id)).toEqual([theirs.id]);
    expect((await call(getMe, "/api/users/me", { headers: bearer(theirs.token) })).body).toMatchObject({ id: other.id });
    // A cross-origin write with the session cookie is still refused.
    expect(await mint(user, { name: "x", scope: "read" }, FOREIGN)).toMatchObject({ status: 403 });
  });
});

describe("Authorization: Bearer", () => {
  it("reads as the token's owner wherever a session does, and says when the token was last used", async () => {
    const user = await registerUser("Token Reader");
    const read = await made(user, "read");
    const me = await call(getMe, "/api/users/me", { headers: bearer(read.token) });
    expect(me).toMatchObject({ status: 200, body: { id: user.id, email: user.email, username: user.username } });
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    expect(await call(getFeed, "/api/issues/feed", { headers: bearer(read.token) })).toMatchObject({
      status: 200,
      body: { items: [], total_items: 0 },
    });
    expect(await call(listImports, "/api/users/me/imports", { headers: bearer(read.token) })).toMatchObject({ status: 200 });
    const exported = await call(getExport, "/api/users/me/export", { headers: bearer(read.token) });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/zip");

    const [used] = (await list(user)).items;
    expect(Date.now() - Date.parse(used!.last_used_at!)).toBeLessThan(60_000);
    // Within the minute the mark is not written again.
    await call(getMe, "/api/users/me", { headers: bearer(read.token) });
    expect((await list(user)).items[0]!.last_used_at).toBe(used!.last_used_at);
  });

  it("refuses a read token anything but reading, with 403", async () => {
    const user = await registerUser();
    const read = await made(user, "read");
    expect(
      await call(createFolder, "/api/users/me/folders", { method: "POST", headers: bearer(read.token), body: { name: "From a token" } }),
    ).toMatchObject({ status: 403, body: { detail: "This access token can only read." } });
    expect(await call(startImport, "/api/users/me/imports", { method: "POST", headers: bearer(read.token), rawBody: "x" })).toMatchObject({
      status: 403,
    });
    expect(await call(patchMe, "/api/users/me", { method: "PATCH", headers: bearer(read.token), body: { name: "Changed" } })).toMatchObject(
      {
        status: 403,
      },
    );
    expect((await call(getMe, "/api/users/me", { cookie: user.cookie })).body).toMatchObject({ name: "Test Reader" });
    expect(((await call(listFolders, "/api/users/me/folders", { cookie: user.cookie })).body as { items: unknown[] }).items).toEqual([]);
  });

  it("lets a write token write, from any origin", async () => {
    const user = await registerUser();
    const write = await made(user, "write");
    expect(
      await call(createFolder, "/api/users/me/folders", {
        method: "POST",
        headers: bearer(write.token, FOREIGN),
        body: { name: "From a script" },
      }),
    ).toMatchObject({ status: 201, body: { name: "From a script" } });
    const folders = (await call(listFolders, "/api/users/me/folders", { cookie: user.cookie })).body as { items: { name: string }[] };
    expect(folders.items.map((folder) => folder.name)).toEqual(["From a script"]);
  });

  it("refuses a revoked, unknown or empty token with 401, even beside a valid session cookie", async () => {
    const user = await registerUser();
    const write = await made(user, "write");
    expect((await call(getMe, "/api/users/me", { headers: bearer(write.token) })).status).toBe(200);
    expect((await remove(user, write.id)).status).toBe(204);
    for (const headers of [
      bearer(write.token),
      bearer(`pb_${"A".repeat(43)}`),
      bearer("not-a-token"),
      { authorization: "Bearer" },
      { authorization: "Bearer   " },
    ]) {
      expect(await call(getMe, "/api/users/me", { headers }), JSON.stringify(headers)).toMatchObject({
        status: 401,
        body: { detail: "Not authenticated" },
      });
      expect((await call(getMe, "/api/users/me", { headers, cookie: user.cookie })).status).toBe(401);
    }
    expect(
      await call(createFolder, "/api/users/me/folders", { method: "POST", headers: bearer(write.token), body: { name: "Revoked" } }),
    ).toMatchObject({ status: 401 });
  });
});
