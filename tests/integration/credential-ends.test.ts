import { afterEach, describe, expect, it } from "vitest";
// First: it sets the inbound secret before the routes read the environment.
import "./inbound-support";
import { sql } from "drizzle-orm";
import { GET as allFeed } from "@/app/feeds/[token]/[file]/route";
import { POST as clientLogin } from "@/app/api/greader/accounts/ClientLogin/route";
import { GET as itemIds } from "@/app/api/greader/reader/api/0/stream/items/ids/route";
import { GET as userInfo } from "@/app/api/greader/reader/api/0/user-info/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { GET as events } from "@/app/api/users/me/events/route";
import { GET as listFeeds } from "@/app/api/users/me/feeds/route";
import { PUT as changePassword } from "@/app/api/users/me/password/route";
import { GET as getMe } from "@/app/api/users/me/route";
import { DELETE as revoke } from "@/app/api/users/me/tokens/[tokenId]/route";
import { POST as mintToken } from "@/app/api/users/me/tokens/route";
import { getDb } from "@/db/client";
import { runAdmin } from "@/lib/admin";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail } from "../support/seed";
import { eventReader } from "./live-support";

useDatabase();

const opened: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cancel of opened.splice(0)) await cancel();
});

const DISABLED = { status: 401, body: { detail: "Account disabled" } };
// Every stream here must end within a second of its credential ending.
const WITHIN = 1_000;

async function mint(reader: TestUser, scope: "read" | "write" = "read") {
  const made = await call(mintToken, "/api/users/me/tokens", { method: "POST", cookie: reader.cookie, body: { name: "An app", scope } });
  return made.body as { id: number; token: string };
}

async function disable(reader: TestUser) {
  expect(await runAdmin(["users", "disable", reader.email], { out: () => undefined, err: () => undefined })).toBe(0);
}

async function signInAgain(reader: TestUser): Promise<string> {
  const result = await call(login, "/api/auth/login", { method: "POST", body: { email: reader.email, password: reader.password } });
  expect(result.status).toBe(200);
  return result.cookie;
}

async function openStream(headers: Record<string, string>) {
  const request = new Request(new URL("/api/users/me/events", process.env.APP_URL), { headers });
  const response = await events(request, { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
  const stream = eventReader(response.body!);
  opened.push(stream.cancel);
  expect(await stream.next()).toEqual({ comment: "connected" });
  return stream;
}

/** Reads the stream until it ends; fails when it is still open after `WITHIN` ms, or delivers an email meanwhile. */
async function ended(stream: Awaited<ReturnType<typeof openStream>>): Promise<true> {
  const deadline = Date.now() + WITHIN;
  for (;;) {
    const event = await stream.next(Math.max(1, deadline - Date.now()));
    if (event === null) return true;
    expect(event).not.toMatchObject({ event: "email" });
  }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("a disabled account is refused by every door, as a session is", () => {
  it("the Google Reader API (GoogleLogin and Bearer headers, ClientLogin), Bearer tokens, private feeds and event streams", async () => {
    const reader = await registerUser();
    const { token } = await mint(reader);
    const feeds = (await call(listFeeds, "/api/users/me/feeds", { cookie: reader.cookie })).body as { items: { atom_url: string }[] };
    const feedToken = new URL(feeds.items[0]!.atom_url).pathname.split("/")[2]!;
    const greader = { authorization: `GoogleLogin auth=${token}` };
    expect((await call(userInfo, "/api/greader/reader/api/0/user-info", { headers: greader })).status).toBe(200);

    await disable(reader);
    expect(await call(getMe, "/api/users/me", { cookie: reader.cookie })).toMatchObject(DISABLED);
    expect(await call(getMe, "/api/users/me", { headers: bearer(token) })).toMatchObject(DISABLED);
    expect(await call(userInfo, "/api/greader/reader/api/0/user-info", { headers: greader })).toMatchObject(DISABLED);
    expect(await call(userInfo, "/api/greader/reader/api/0/user-info", { headers: bearer(token) })).toMatchObject(DISABLED);
    expect(
      await call(itemIds, "/api/greader/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list", { headers: greader }),
    ).toMatchObject(DISABLED);
    expect(
      await call(clientLogin, "/api/greader/accounts/ClientLogin", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        rawBody: `Email=anyone&Passwd=${encodeURIComponent(token)}`,
      }),
    ).toMatchObject(DISABLED);
    expect(await call(allFeed, `/feeds/${feedToken}/all.atom`, { params: { token: feedToken, file: "all.atom" } })).toMatchObject(DISABLED);
    expect(await call(events, "/api/users/me/events", { headers: bearer(token) })).toMatchObject(DISABLED);
    expect(await call(events, "/api/users/me/events", { cookie: reader.cookie })).toMatchObject(DISABLED);
  });
});

describe("an event stream holds only as long as its credential", () => {
  it("ends within a second of its token's revocation, delivers nothing after, and its reconnect is refused", async () => {
    const reader = await registerUser();
    const [revoked, kept] = [await mint(reader), await mint(reader)];
    const [stream, other, session] = [
      await openStream(bearer(revoked.token)),
      await openStream(bearer(kept.token)),
      await openStream({ cookie: reader.cookie }),
    ];
    expect(
      (
        await call(revoke, `/api/users/me/tokens/${revoked.id}`, {
          method: "DELETE",
          cookie: reader.cookie,
          params: { tokenId: String(revoked.id) },
        })
      ).status,
    ).toBe(204);
    expect(await ended(stream)).toBe(true);
    expect(await call(events, "/api/users/me/events", { headers: bearer(revoked.token) })).toMatchObject({ status: 401 });
    // The streams of credentials that still hold go on, and hear the next email.
    const next = await seedEmail(reader.id);
    expect((await other.nextEmail(2_000)).data).toMatchObject({ id: next.id });
    expect((await session.nextEmail(2_000)).data).toMatchObject({ id: next.id });
  });

  it("ends a session's stream at its sign-out; the reader's other session's stream goes on", async () => {
    const reader = await registerUser();
    const laptop = await signInAgain(reader);
    const [phoneStream, laptopStream] = [await openStream({ cookie: reader.cookie }), await openStream({ cookie: laptop })];
    expect((await call(logout, "/api/auth/logout", { method: "POST", cookie: reader.cookie })).status).toBe(204);
    expect(await ended(phoneStream)).toBe(true);
    const next = await seedEmail(reader.id);
    expect((await laptopStream.nextEmail(2_000)).data).toMatchObject({ id: next.id });
  });

  it("ends the other sessions' streams at a password change; the changing session's and a token's go on", async () => {
    const reader = await registerUser();
    const other = await signInAgain(reader);
    const { token } = await mint(reader);
    const [otherStream, ownStream, tokenStream] = [
      await openStream({ cookie: other }),
      await openStream({ cookie: reader.cookie }),
      await openStream(bearer(token)),
    ];
    const changed = await call(changePassword, "/api/users/me/password", {
      method: "PUT",
      cookie: reader.cookie,
      body: { current_password: reader.password, new_password: "a-new-long-password" },
    });
    expect(changed.status).toBe(204);
    expect(await ended(otherStream)).toBe(true);
    const next = await seedEmail(reader.id);
    expect((await ownStream.nextEmail(2_000)).data).toMatchObject({ id: next.id });
    expect((await tokenStream.nextEmail(2_000)).data).toMatchObject({ id: next.id });
  });

  it("ends every stream of an account within a second of its being disabled, token and session alike", async () => {
    const reader = await registerUser();
    const { token } = await mint(reader);
    const [tokenStream, sessionStream] = [await openStream(bearer(token)), await openStream({ cookie: reader.cookie })];
    await disable(reader);
    expect(await ended(tokenStream)).toBe(true);
    expect(await ended(sessionStream)).toBe(true);
  });

  it("ends a token's stream when the token goes by any path (a table emptied by an operator)", async () => {
    const reader = await registerUser();
    const { id, token } = await mint(reader);
    const stream = await openStream(bearer(token));
    await getDb().execute(sql`DELETE FROM "access_token" WHERE "id" = ${id}`);
    expect(await ended(stream)).toBe(true);
  });
});
