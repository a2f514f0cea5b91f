import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";
import { hasSessionCookie, PROTECTED_PAGES } from "./protected-paths";

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
  it("matches every protected page", () => {
    expect(config.matcher).toEqual([...PROTECTED_PAGES]);
    const matches = (path: string) => unstable_doesMiddlewareMatch({ config, url: `http://localhost:3100${path}` });
    for (const path of ["/feed", "/feed?page=2", "/discover", "/subscriptions", "/settings", "/emails/7", "/newsletter/2", "/newsletters/2"]) {
      expect(matches(path), path).toBe(true);
    }
  });

  it("leaves every other path to the catch-all that sends it to /", () => {
    const matches = (path: string) => unstable_doesMiddlewareMatch({ config, url: `http://localhost:3100${path}` });
    for (const path of ["/", "/login", "/feed/extra", "/settings/profile", "/emails", "/emails/7/comments", "/newsletters", "/issues/share/abc"]) {
      expect(matches(path), path).toBe(false);
    }
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
