import { NextResponse, type NextRequest } from "next/server";
import { hasSessionCookie } from "@/lib/navigation/protected-paths";
import { loginPathFor } from "@/lib/navigation/safe-next";

/** Sends visitors without a session cookie from protected pages to /login, remembering where they were. */
export function proxy(request: NextRequest) {
  if (hasSessionCookie(request.cookies.getAll().map((cookie) => cookie.name))) return NextResponse.next();
  const { pathname, search } = request.nextUrl;
  return NextResponse.redirect(new URL(loginPathFor(`${pathname}${search}`), request.url));
}

// Kept in step with PROTECTED_PAGES (lib/navigation/protected-paths.ts); matchers must be literals.
export const config = {
  matcher: ["/feed", "/discover", "/subscriptions", "/settings", "/emails/:emailId", "/newsletter/:newsletterId", "/newsletters/:id"],
};
