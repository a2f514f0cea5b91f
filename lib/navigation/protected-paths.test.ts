import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";
import { hasSessionCookie, PROTECTED_PREFIXES } from "./protected-paths";

describe("hasSessionCookie", () => {
  it("finds the plain and the secure cookie", () => {
    expect(hasSessionCookie(["theme", "paperboy.session_token"])).toBe(true);
    expect(hasSessionCookie(["__Secure-paperboy.session_token"])).toBe(true);
  });

  it("ignores other cookies", () => {
    expect(hasSessionCookie(["paperboy.session_data", "session_token"])).toBe(false);
    expect(hasSessionCookie([])).toBe(false);
  });
});

describe("proxy", () => {
  it("matches every protected prefix", () => {
    expect(config.matcher).toEqual(PROTECTED_PREFIXES.map((prefix) => `${prefix}/:path*`));
  });

  it("sends a visitor without a session to /login with the origin in `next`", () => {
    const response = proxy(new NextRequest("http://localhost:3100/emails/7?showComments=true"));
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("http://localhost:3100/login?next=%2Femails%2F7%3FshowComments%3Dtrue");
  });

  it("lets a visitor with a session cookie through", () => {
    const request = new NextRequest("http://localhost:3100/settings", { headers: { cookie: "__Secure-paperboy.session_token=abc" } });
    const response = proxy(request);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });
});
