import { createServer, type Server } from "node:http";
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as google } from "@/app/api/auth/google/route";
import { GET as me } from "@/app/api/users/me/route";
import { call, registerUser, useDatabase } from "../support/api";

const settings = vi.hoisted(() => {
  const port = 41000 + Math.floor(Math.random() * 9000);
  process.env.GOOGLE_CLIENT_ID = "paperboy-test.apps.googleusercontent.com";
  process.env.GOOGLE_JWKS_URL = `http://127.0.0.1:${port}/certs`;
  return { port, clientId: process.env.GOOGLE_CLIENT_ID };
});

useDatabase();

let server: Server;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
const KID = "test-key-1";

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair("RS256")).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(settings.port, "127.0.0.1", resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Claims = { email?: string; email_verified?: boolean; name?: string; sub?: string; aud?: string; iss?: string; exp?: number };

async function googleToken(claims: Claims = {}, key: CryptoKey = signingKey): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    email: `g-${randomUUID().slice(0, 8)}@gmail.com`,
    email_verified: true,
    name: "Goo Gler",
    sub: randomUUID(),
    ...claims,
  };
  const { aud, iss, exp, ...rest } = payload;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: "RS256", kid: KID })
    .setIssuer(iss ?? "https://accounts.google.com")
    .setAudience(aud ?? settings.clientId)
    .setIssuedAt(now - 60)
    .setExpirationTime(exp ?? now + 3600)
    .sign(key);
}

const signIn = (token: unknown) => call(google, "/api/auth/google", { method: "POST", body: { token } });

describe("POST /api/auth/google", () => {
  it("signs in a new user from a valid ID token and gives them an address", async () => {
    const email = `ada-${randomUUID().slice(0, 8)}@gmail.com`;
    const result = await signIn(await googleToken({ email, name: "Ada Byron" }));
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      user: {
        id: expect.any(Number),
        username: expect.stringMatching(/^ada\.byron/),
        name: "Ada Byron",
        email,
        unique_email: expect.stringMatching(/^ada\.byron(-[a-z0-9]{4})?@paperboy\.localhost$/),
        model_metadata_field: { onboarded: false },
      },
    });
    expect((await call(me, "/api/users/me", { cookie: result.cookie })).status).toBe(200);
  });

  it("signs the same Google account into the same user every time", async () => {
    const claims = { sub: randomUUID(), email: `same-${randomUUID().slice(0, 8)}@gmail.com` };
    const first = await signIn(await googleToken(claims));
    const second = await signIn(await googleToken(claims));
    expect(second.status).toBe(200);
    expect((second.body as { user: { id: number } }).user.id).toBe((first.body as { user: { id: number } }).user.id);
  });

  it("will not take over an account registered with a password, whose e-mail nobody verified", async () => {
    const user = await registerUser("Password First");
    const result = await signIn(await googleToken({ email: user.email }));
    expect(result).toMatchObject({
      status: 409,
      body: { detail: "An account with this e-mail already exists. Log in with your password." },
    });
    expect(result.cookie).toBe("");
  });

  it.each([
    ["signed by another key", async () => googleToken({}, strangerKey)],
    ["expired", async () => googleToken({ exp: Math.floor(Date.now() / 1000) - 10 })],
    ["for another audience", async () => googleToken({ aud: "someone-else.apps.googleusercontent.com" })],
    ["from another issuer", async () => googleToken({ iss: "https://evil.example" })],
    ["with an unverified e-mail", async () => googleToken({ email_verified: false })],
    ["not a JWT at all", async () => "not-a-token"],
  ])("refuses a token %s with 400 and starts no session", async (_label, makeToken) => {
    const result = await signIn(await makeToken());
    expect(result).toMatchObject({ status: 400, body: { detail: "Invalid Google token" } });
    expect(result.cookie).toBe("");
  });

  it("signs readers in again and again from one address, bad tokens among them", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      if (attempt % 4 === 0) statuses.push((await signIn("not-a-token")).status);
      statuses.push((await signIn(await googleToken())).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(12);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
  });

  it("throttles a flood of bad tokens from one address with 429 and Retry-After", async () => {
    const flood = { "x-forwarded-for": "10.9.9.9" };
    let last = await call(google, "/api/auth/google", { method: "POST", body: { token: "not-a-token" }, headers: flood });
    for (let attempt = 0; attempt < 40 && last.status !== 429; attempt++) {
      last = await call(google, "/api/auth/google", { method: "POST", body: { token: "not-a-token" }, headers: flood });
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers a missing token with 422", async () => {
    expect(await call(google, "/api/auth/google", { method: "POST", body: {} })).toMatchObject({
      status: 422,
      body: { detail: "A Google token is required." },
    });
  });
});
