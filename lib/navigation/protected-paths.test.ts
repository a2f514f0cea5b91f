import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";
import { hasSessionCookie, isProtectedPage } from "./protected-paths";

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

describe("isProtectedPage", () => {
  it("knows every protected page", () => {
    for (const path of ["/feed", "/discover", "/subscriptions", "/highlights", "/settings", "/emails/7", "/newsletter/2", "/newsletters/2"])
      expect(isProtectedPage(path), path).toBe(true);
  });

  it("leaves every other path to the catch-all that sends it to /", () => {
    for (const path of [
      "/",
      "/login",
      "/feed/extra",
      "/settings/profile",
      "/emails",
      "/emails/7/comments",
      "/newsletters",
      "/issues/share/abc",
      "/feedx",
    ]) {
      expect(isProtectedPage(path), path).toBe(false);
    }
  });
});

describe("proxy", () => {
  const matches = (path: string) => unstable_doesMiddlewareMatch({ config, url: `http://localhost:3100${path}` });

  it("sees every page, but not the API or the build's assets", () => {
    for (const path of ["/", "/login", "/feed?page=2", "/emails/7", "/issues/share/abc", "/no/such/page"])
      expect(matches(path), path).toBe(true);
    for (const path of ["/api/users/me", "/api/health", "/_next/static/chunks/main.js"]) expect(matches(path), path).toBe(false);
  });

  it("sends a visitor without a session to /login with the origin in `next`", () => {
    const response = proxy(new NextRequest("http://localhost:3100/emails/7?showComments=true"));
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("http://localhost:3100/login?next=%2Femails%2F7%3FshowComments%3Dtrue");
  });

  it("lets a visitor with a session cookie through, and anyone to a public page", () => {
    const request = new NextRequest("http://localhost:3100/settings", { headers: { cookie: "__Secure-paperboy.session_token=abc" } });
    for (const response of [
      proxy(request),
      proxy(new NextRequest("http://localhost:3100/issues/share/abc")),
      proxy(new NextRequest("http://localhost:3100/feed/extra")),
    ]) {
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.get("x-middleware-next")).toBe("1");
    }
  });

  it("forbids framing by other sites, content sniffing and full-address referrers on every page", () => {
    for (const response of [
      proxy(new NextRequest("http://localhost:3100/issues/share/abc")),
      proxy(new NextRequest("http://localhost:3100/feed")),
    ]) {
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });
});
