import { NextResponse, type NextRequest } from "next/server";
import { hasSessionCookie, isProtectedPage, pageSecurityHeaders } from "@/lib/navigation/protected-paths";
import { loginPathFor } from "@/lib/navigation/safe-next";

/**
 * Every page gets the security headers; visitors without a session cookie are sent from protected
 * pages to /login, remembering where they were.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const guest = isProtectedPage(pathname) && !hasSessionCookie(request.cookies.getAll().map((cookie) => cookie.name));
  const response = guest ? NextResponse.redirect(new URL(loginPathFor(`${pathname}${search}`), request.url)) : NextResponse.next();
  for (const [name, value] of Object.entries(pageSecurityHeaders(pathname))) response.headers.set(name, value);
  return response;
}

// Pages and public files; the API answers JSON, hashed build assets and proxied images (/img/) set their own.
export const config = {
  matcher: ["/((?!api/|img/|_next/static/|_next/image).*)"],
};
