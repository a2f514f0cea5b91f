import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { PATCH as updateMe } from "@/app/api/users/me/route";
import { call, registerUser, signUp, uniqueEmail, useDatabase } from "../support/api";

useDatabase();

// APP_URL is http://localhost:3000 here: these are the other names a laptop's server answers to.
const client = () => ({ "x-forwarded-for": `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

describe("writes under another name of the server", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1:3000"],
    ["the LAN address", "192.168.1.20:3000"],
    ["a machine name", "laptop.local:3000"],
  ])("lets a newcomer at %s sign up, sign in and write", async (_label, host) => {
    const headers = { host, origin: `http://${host}` };
    const email = uniqueEmail();
    const created = await call(register, "/api/auth/register", {
      method: "POST",
      body: { name: "Newcomer", email, password: "secret1" },
      headers: { ...client(), ...headers },
    });
    expect(created.status).toBe(201);
    const cookie = created.headers.getSetCookie().find((value) => value.includes("session_token"));
    expect(cookie).not.toMatch(/;\s*Secure/i);
    const signedIn = await call(login, "/api/auth/login", {
      method: "POST",
      body: { email, password: "secret1" },
      headers: { ...client(), ...headers },
    });
    expect(signedIn.status).toBe(200);
    const renamed = await call(updateMe, "/api/users/me", { method: "PATCH", cookie: signedIn.cookie, body: { name: "Renamed" }, headers });
    expect(renamed).toMatchObject({ status: 200, body: { name: "Renamed" } });
  });

  it("accepts the https origin of the same name, as a TLS proxy passing Host on sends it", async () => {
    expect((await signUp({ host: "paperboy.example", origin: "https://paperboy.example" })).status).toBe(201);
  });

  it.each([
    ["another site", { host: "127.0.0.1:3000", origin: "https://evil.example" }],
    ["the same name on another port", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:4000" }],
    ["another name of the machine than the one addressed", { host: "127.0.0.1:3000", origin: "http://192.168.1.20:3000" }],
    ["an opaque origin", { host: "127.0.0.1:3000", origin: "null" }],
    // No proxy is trusted (TRUST_PROXY unset): anyone can send these headers.
    [
      "a forwarded host nobody vouches for",
      { host: "127.0.0.1:3000", origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    ],
  ])("refuses a write from %s with 403", async (_label, headers) => {
    expect(await signUp(headers)).toMatchObject({ status: 403, body: { detail: "Cross-origin request refused" } });
  });

  it("follows the same rule without Origin: the Referer of a page at the addressed name passes, another site's does not", async () => {
    expect(
      (await signUp({ host: "127.0.0.1:3000", "sec-fetch-site": "same-origin", referer: "http://127.0.0.1:3000/register" })).status,
    ).toBe(201);
    expect((await signUp({ host: "127.0.0.1:3000", referer: "http://127.0.0.1:3000/register" })).status).toBe(201);
    expect((await signUp({ host: "127.0.0.1:3000", referer: "https://evil.example/register" })).status).toBe(403);
    expect((await signUp({ host: "127.0.0.1:3000", "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  it("answers a write with a session cookie and no Origin as before: allowed", async () => {
    const user = await registerUser();
    const result = await call(updateMe, "/api/users/me", {
      method: "PATCH",
      cookie: user.cookie,
      body: { name: "No Origin" },
      headers: { host: "127.0.0.1:3000" },
    });
    expect(result).toMatchObject({ status: 200, body: { name: "No Origin" } });
  });

  it("refuses a signed-in write from a foreign origin, leaving the account as it was", async () => {
    const user = await registerUser("Kept Name");
    const result = await call(updateMe, "/api/users/me", {
      method: "PATCH",
      cookie: user.cookie,
      body: { name: "Hijacked" },
      headers: { host: "127.0.0.1:3000", origin: "https://evil.example" },
    });
    expect(result.status).toBe(403);
    const again = await call(updateMe, "/api/users/me", {
      method: "PATCH",
      cookie: user.cookie,
      body: {},
      headers: { host: "127.0.0.1:3000" },
    });
    expect(again.body).toMatchObject({ name: "Kept Name" });
  });
});
