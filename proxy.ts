import { NextResponse, type NextRequest } from "next/server";
import { hasSessionCookie, isProtectedPage, pageSecurityHeaders } from "@/lib/navigation/protected-paths";
import { hasMalformedEncoding } from "@/lib/navigation/malformed-path";
import { loginPathFor } from "@/lib/navigation/safe-next";

/**
 * Every page gets the security headers; visitors without a session cookie are sent from protected
 * pages to /login, remembering where they were.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (hasMalformedEncoding(pathname)) return malformedPath(request, pathname);
  if (/^\/(?:api|img|_next\/static|_next\/image)\//.test(pathname)) return NextResponse.next();
  const guest = isProtectedPage(pathname) && !hasSessionCookie(request.cookies.getAll().map((cookie) => cookie.name));
  const response = guest ? NextResponse.redirect(new URL(loginPathFor(`${pathname}${search}`), request.url)) : NextResponse.next();
  for (const [name, value] of Object.entries(pageSecurityHeaders(pathname))) response.headers.set(name, value);
  return response;
}

/** The API answers 400 JSON as for any bad input; a page goes to /, as every unknown path does (docs/spec.md section 2). */
function malformedPath(request: NextRequest, pathname: string) {
  if (pathname.startsWith("/api/")) {
    return NextResponse.json({ detail: "Malformed path: a percent sign must start a valid escape." }, { status: 400 });
  }
  return NextResponse.redirect(new URL("/", request.url));
}

// Pages and public files get headers and the sign-in redirect; the API, proxied images (/img/) and the
// build's own files (/_next/static/, /_next/image) set their own headers and are here only for paths with a
// percent sign, which may be malformed: Next's file lookup answers those a plain-text 500 (issue 33).
export const config = {
  matcher: ["/((?!api/|img/|_next/static/|_next/image).*)", "/(api|img)/(.*%.*)", "/_next/(static|image)/(.*%.*)"],
};
