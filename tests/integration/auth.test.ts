import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as betterAuth } from "@/app/api/better-auth/[...all]/route";
import { GET as me } from "@/app/api/users/me/route";
import { call, registerUser, uniqueEmail, useDatabase } from "../support/api";

useDatabase();

// Every login checks a password hash (scrypt, deliberately slow): dozens of them took over 20 s beside the other suites.
const PASSWORD_CHECKS_TIMEOUT = 120_000;
const randomClient = () => ({ "x-forwarded-for": `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
const userShape = {
  id: expect.any(Number),
  username: expect.any(String),
  name: expect.any(String),
  email: expect.any(String),
  unique_email: expect.stringMatching(/@paperboy\.localhost$/),
  model_metadata_field: { onboarded: false },
};

describe("POST /api/auth/register", () => {
  it("creates the user, starts a session and makes the address from the name", async () => {
    const email = uniqueEmail();
    const result = await call(register, "/api/auth/register", {
      method: "POST",
      body: { name: "Ada Lovelace", email, password: "analytical" },
      headers: randomClient(),
    });
    expect(result.status).toBe(201);
    expect(result.body).toEqual({ user: { ...userShape, name: "Ada Lovelace", email } });
    const { user } = result.body as { user: { unique_email: string; username: string } };
    expect(user.unique_email).toMatch(/^ada\.lovelace(-[a-z0-9]{4})?@paperboy\.localhost$/);
    expect(user.username).toMatch(/^ada\.lovelace(-[a-z0-9]{4})?$/);
    const cookie = result.headers.getSetCookie().find((value) => value.includes("session_token"));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await call(me, "/api/users/me", { cookie: result.cookie })).body).toEqual(
      result.body && (result.body as { user: unknown }).user,
    );
  });

  it("gives a second user of the same name a suffixed address and username", async () => {
    const first = await registerUser("Grace Hopper");
    const second = await registerUser("Grace Hopper");
    expect(second.unique_email).not.toBe(first.unique_email);
    expect(second.username).not.toBe(first.username);
    expect(second.unique_email).toMatch(/^grace\.hopper(-[a-z0-9]{4})?@paperboy\.localhost$/);
  });

  it("refuses an e-mail that is already registered, whatever its case", async () => {
    const existing = await registerUser();
    const result = await call(register, "/api/auth/register", {
      method: "POST",
      body: { name: "Someone Else", email: existing.email.toUpperCase(), password: "another1" },
      headers: randomClient(),
    });
    expect(result).toMatchObject({ status: 409, body: { detail: "Email already registered" } });
  });

  it.each([
    [{ email: "x@example.com", password: "secret1" }, "name", "All fields are required."],
    [{ name: "X", email: "not-an-email", password: "secret1" }, "email", "Please enter a valid email address."],
    [{ name: "X", email: "x@example.com", password: "12345" }, "password", "Password must be at least 6 characters long."],
    [{ name: "X", email: "x@example.com", password: "" }, "password", "All fields are required."],
    // docs/spec.md section 5 checks that every field is there before it checks the e-mail's form.
    [{ name: "X", email: "not-an-email", password: "" }, "password", "All fields are required."],
    [{ name: "X", email: "not-an-email" }, "password", "All fields are required."],
  ])("answers %j with 422 on %s", async (body, field, message) => {
    const result = await call(register, "/api/auth/register", { method: "POST", body, headers: randomClient() });
    expect(result.status).toBe(422);
    expect(result.body).toEqual({ detail: message, errors: expect.arrayContaining([{ field, message }]) });
  });

  it.each([
    ["{not json", "Malformed JSON body"],
    ["[1,2]", "The body must be a JSON object"],
    ['"text"', "The body must be a JSON object"],
  ])("answers the body %j with 400", async (rawBody, detail) => {
    const result = await call(register, "/api/auth/register", { method: "POST", rawBody, headers: { "content-type": "application/json" } });
    expect(result).toMatchObject({ status: 400, body: { detail } });
  });

  it("refuses an e-mail with a NUL character with 422", async () => {
    const result = await call(register, "/api/auth/register", {
      method: "POST",
      body: { name: "Nul", email: "nul\u0000@example.com", password: "secret1" },
      headers: randomClient(),
    });
    expect(result).toMatchObject({
      status: 422,
      body: { detail: "email cannot contain NUL characters or broken Unicode.", errors: [{ field: "email" }] },
    });
  });

  it("refuses a body over 1 MB with 413", async () => {
    const result = await call(register, "/api/auth/register", {
      method: "POST",
      body: { name: "x".repeat(1_100_000), email: "a@b.co", password: "secret1" },
    });
    expect(result).toMatchObject({ status: 413, body: { detail: "Request body too large" } });
  });

  it("refuses a write from another origin with 403", async () => {
    const result = await call(register, "/api/auth/register", {
      method: "POST",
      body: { name: "Eve", email: uniqueEmail(), password: "secret1" },
      headers: { origin: "https://evil.example" },
    });
    expect(result).toMatchObject({ status: 403, body: { detail: "Cross-origin request refused" } });
  });

  it.each([
    ["Sec-Fetch-Site says cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site says same-site (another origin of the site)", { "sec-fetch-site": "same-site" }],
    ["the Referer is another site's page", { referer: "https://evil.example/landing" }],
  ])("refuses a write without Origin when %s", async (_label, headers) => {
    const email = uniqueEmail();
    const result = await call(register, "/api/auth/register", {
      method: "POST",
      body: { name: "Eve", email, password: "secret1" },
      headers: { ...randomClient(), ...headers },
    });
    expect(result).toMatchObject({ status: 403, body: { detail: "Cross-origin request refused" } });
    const signIn = await call(login, "/api/auth/login", {
      method: "POST",
      body: { email, password: "secret1" },
      headers: { ...randomClient(), ...headers },
    });
    expect(signIn.status).toBe(403);
  });

  it("accepts a write without Origin that the browser says came from this site's own pages", async () => {
    const headers = { ...randomClient(), "sec-fetch-site": "same-origin", referer: `${process.env.APP_URL}/register` };
    const result = await call(register, "/api/auth/register", {
      method: "POST",
      body: { name: "Sam Origin", email: uniqueEmail(), password: "secret1" },
      headers,
    });
    expect(result.status).toBe(201);
  });

  it("throttles repeated attempts on one e-mail with 429 and Retry-After", async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 7; attempt++) {
      const result = await call(register, "/api/auth/register", {
        method: "POST",
        body: { name: "Spam", email, password: "secret1" },
        headers: randomClient(),
      });
      statuses.push(result.status);
      retryAfter ??= result.headers.get("retry-after");
    }
    expect(statuses.slice(0, 2)).toEqual([201, 409]);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password and returns the user", async () => {
    const user = await registerUser("Login Tester");
    const result = await call(login, "/api/auth/login", {
      method: "POST",
      body: { email: user.email, password: user.password },
      headers: randomClient(),
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ user: { ...userShape, name: "Login Tester", email: user.email, id: user.id } });
    expect((await call(me, "/api/users/me", { cookie: result.cookie })).status).toBe(200);
  });

  it("answers a wrong password and an unknown e-mail alike with 401", async () => {
    const user = await registerUser();
    const wrong = await call(login, "/api/auth/login", {
      method: "POST",
      body: { email: user.email, password: "wrong-password" },
      headers: randomClient(),
    });
    const unknown = await call(login, "/api/auth/login", {
      method: "POST",
      body: { email: uniqueEmail(), password: "whatever1" },
      headers: randomClient(),
    });
    expect(wrong).toMatchObject({ status: 401, body: { detail: "Invalid email or password" } });
    expect(unknown).toMatchObject({ status: 401, body: { detail: "Invalid email or password" } });
    expect(wrong.cookie).toBe("");
  });

  it("answers missing fields with the spec's message", async () => {
    const result = await call(login, "/api/auth/login", { method: "POST", body: { email: "" } });
    expect(result).toMatchObject({ status: 422, body: { detail: "Email and password are required." } });
  });

  it("names a missing password before a malformed e-mail, as docs/spec.md section 5 orders the checks", async () => {
    for (const body of [{ email: "not-an-email" }, { email: "not-an-email", password: "" }]) {
      const result = await call(login, "/api/auth/login", { method: "POST", body });
      expect(result).toMatchObject({ status: 422, body: { detail: "Email and password are required." } });
    }
    const malformed = await call(login, "/api/auth/login", { method: "POST", body: { email: "not-an-email", password: "secret1" } });
    expect(malformed).toMatchObject({ status: 422, body: { detail: "Please enter a valid email address." } });
  });

  it("throttles password guessing with 429 and Retry-After", async () => {
    const user = await registerUser();
    const client = randomClient();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 12; attempt++) {
      const result = await call(login, "/api/auth/login", {
        method: "POST",
        body: { email: user.email, password: `guess-${attempt}` },
        headers: client,
      });
      statuses.push(result.status);
      retryAfter ??= result.headers.get("retry-after");
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it(
    "gives no more guesses for an ever-new X-Forwarded-For when no proxy is trusted",
    async () => {
      const user = await registerUser();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt++) {
        const result = await call(login, "/api/auth/login", {
          method: "POST",
          body: { email: user.email, password: `guess-${attempt}` },
          headers: { ...randomClient(), "x-real-ip": `10.3.0.${attempt}` },
        });
        statuses.push(result.status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    },
    PASSWORD_CHECKS_TIMEOUT,
  );

  it(
    "counts no successful login as a guess: a reader may sign in again and again",
    async () => {
      const user = await registerUser();
      const client = randomClient();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt++) {
        if (attempt % 3 === 0)
          statuses.push(
            (await call(login, "/api/auth/login", { method: "POST", body: { email: user.email, password: "typo" }, headers: client }))
              .status,
          );
        statuses.push(
          (await call(login, "/api/auth/login", { method: "POST", body: { email: user.email, password: user.password }, headers: client }))
            .status,
        );
      }
      expect(statuses.filter((status) => status === 429)).toEqual([]);
      expect(statuses.filter((status) => status === 200)).toHaveLength(12);
    },
    PASSWORD_CHECKS_TIMEOUT,
  );
});

describe("POST /api/auth/logout", () => {
  it("ends the session on the server, so the same cookie replayed is refused", async () => {
    const user = await registerUser();
    const result = await call(logout, "/api/auth/logout", { method: "POST", cookie: user.cookie });
    expect(result.status).toBe(204);
    expect(result.headers.getSetCookie().some((value) => value.includes("session_token=;") || /Max-Age=0/i.test(value))).toBe(true);
    const replayed = await call(me, "/api/users/me", { cookie: user.cookie });
    expect(replayed).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
  });

  it("refuses a logout forged from another site, so the session stays", async () => {
    const reader = await registerUser();
    const forged = await call(logout, "/api/auth/logout", {
      method: "POST",
      cookie: reader.cookie,
      headers: { "sec-fetch-site": "cross-site", referer: "https://evil.example/" },
    });
    expect(forged.status).toBe(403);
    expect((await call(me, "/api/users/me", { cookie: reader.cookie })).status).toBe(200);
  });

  it("answers 401 without a session", async () => {
    expect(await call(logout, "/api/auth/logout", { method: "POST" })).toMatchObject({
      status: 401,
      body: { detail: "Not authenticated" },
    });
  });

  it("refuses a session ended through Better Auth's own handler at the next request", async () => {
    const user = await registerUser();
    expect((await call(me, "/api/users/me", { cookie: user.cookie })).status).toBe(200);
    const revoked = await call(betterAuth, "/api/better-auth/revoke-sessions", { method: "POST", cookie: user.cookie, body: {} });
    expect(revoked.status).toBe(200);
    expect(await call(me, "/api/users/me", { cookie: user.cookie })).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
  });
  it("serves only Better Auth's session endpoints: the others, which would skip the contract's checks, are not found", async () => {
    const user = await registerUser("Kept Name");
    const updated = await call(betterAuth, "/api/better-auth/update-user", {
      method: "POST",
      cookie: user.cookie,
      body: { name: null },
      params: { all: ["update-user"] },
    });
    expect(updated).toMatchObject({ status: 404, body: { detail: "Not found" } });
    expect((await call(me, "/api/users/me", { cookie: user.cookie })).body).toMatchObject({ name: "Kept Name" });
    const sessions = await call(betterAuth, "/api/better-auth/list-sessions", { cookie: user.cookie, params: { all: ["list-sessions"] } });
    expect(sessions).toMatchObject({ status: 200, body: [expect.objectContaining({ userId: String(user.id) })] });
  });

  it("answers bad input to Better Auth's endpoints with the contract's 4xx and detail", async () => {
    const user = await registerUser();
    const revoke = (body: unknown) =>
      call(betterAuth, "/api/better-auth/revoke-session", {
        method: "POST",
        cookie: user.cookie,
        body,
        params: { all: ["revoke-session"] },
      });
    expect(await revoke({ token: "a\u0000b" })).toMatchObject({
      status: 422,
      body: { detail: "token cannot contain NUL characters or broken Unicode." },
    });
    expect(await revoke({})).toMatchObject({ status: 400, body: { detail: expect.any(String) } });
    const rawBody = `{"token":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    const deep = await call(betterAuth, "/api/better-auth/revoke-session", {
      method: "POST",
      cookie: user.cookie,
      rawBody,
      headers: { "content-type": "application/json" },
    });
    expect(deep).toMatchObject({ status: 400, body: { detail: "The body must not nest deeper than 32 levels" } });
    expect((await call(me, "/api/users/me", { cookie: user.cookie })).status).toBe(200);
  });
});
