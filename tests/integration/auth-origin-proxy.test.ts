import { describe, expect, it, vi } from "vitest";
import { signUp, useDatabase } from "../support/api";

vi.hoisted(() => {
  process.env.APP_URL = "https://paperboy.example";
  process.env.TRUST_PROXY = "true";
});

useDatabase();

describe("writes behind a proxy the operator trusts (TRUST_PROXY=true)", () => {
  it("accepts the origin the proxy says the request was addressed to, and keeps cookies Secure", async () => {
    const result = await signUp({
      host: "app:3000",
      origin: "https://reader.example",
      "x-forwarded-host": "reader.example",
      "x-forwarded-proto": "https",
    });
    expect(result.status).toBe(201);
    expect(result.headers.getSetCookie().find((value) => value.includes("session_token"))).toMatch(/;\s*Secure/i);
  });

  it("takes the proxy's scheme as said: the http origin of an https request is refused", async () => {
    const result = await signUp({
      host: "app:3000",
      origin: "http://reader.example",
      "x-forwarded-host": "reader.example",
      "x-forwarded-proto": "https",
    });
    expect(result.status).toBe(403);
  });

  it("still refuses a foreign origin", async () => {
    const result = await signUp({
      host: "app:3000",
      origin: "https://evil.example",
      "x-forwarded-host": "reader.example",
      "x-forwarded-proto": "https",
    });
    expect(result.status).toBe(403);
  });
});
