import { describe, expect, it, vi } from "vitest";
import { POST as register } from "@/app/api/auth/register/route";
import { call, uniqueEmail, useDatabase } from "../support/api";

vi.hoisted(() => {
  process.env.APP_URL = "https://paperboy.example";
});

useDatabase();

describe("POST /api/auth/register behind https", () => {
  it("marks the session cookie Secure when APP_URL is https", async () => {
    const result = await call(register, "/api/auth/register", {
      method: "POST",
      body: { name: "Secure Reader", email: uniqueEmail(), password: "secret12" },
    });
    expect(result.status).toBe(201);
    const cookie = result.headers.getSetCookie().find((value) => value.includes("session_token"));
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it("refuses a write whose Origin is not APP_URL's", async () => {
    const result = await call(register, "/api/auth/register", {
      method: "POST",
      body: { name: "X", email: uniqueEmail(), password: "secret12" },
      headers: { origin: "http://paperboy.example" },
    });
    expect(result.status).toBe(403);
  });
});
