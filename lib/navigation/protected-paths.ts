/**
 * The pages that need a session. Only the pages themselves: every other path, /feed/x included,
 * goes to / (docs/spec.md section 2), session or not.
 */
const PROTECTED_PAGES = [
  "/feed",
  "/discover",
  "/subscriptions",
  "/highlights",
  "/settings",
  "/emails/:emailId",
  "/newsletter/:newsletterId",
  "/newsletters/:id",
] as const;

const PROTECTED_PAGE = new RegExp(`^(?:${PROTECTED_PAGES.map((page) => page.replace(/:\w+/g, "[^/]+")).join("|")})/?$`);

export function isProtectedPage(pathname: string): boolean {
  return PROTECTED_PAGE.test(pathname);
}

/** Better Auth names the cookie `paperboy.session_token`, with `__Secure-` in front over https. */
export function hasSessionCookie(cookieNames: Iterable<string>): boolean {
  for (const name of cookieNames) if (name.includes("paperboy.session_token")) return true;
  return false;
}

/**
 * Every page: no other site may frame it (clicks could be stolen through an invisible frame), no plugin
 * content, no <base> or form pointing elsewhere, no content-type guessing, and only the origin as
 * Referer to other sites (a share page's address is its secret). The issue frame is srcdoc: it inherits
 * this policy and adds its own script-src 'none'.
 */
const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

// Where a sender's HTML is shown. The issue frame is srcdoc, so it inherits this page's policy: images
// only from this origin (the image proxy) and data:, fonts only our own, so reading tells no sender anything.
const READING_PAGE = /^\/(?:emails|issues\/share)\/[^/]+\/?$/;
const READING_PAGE_POLICY = `${PAGE_SECURITY_HEADERS["Content-Security-Policy"]}; img-src 'self' data:; font-src 'self' data:; media-src 'none'`;

/** The security headers of the page at `pathname`. */
export function pageSecurityHeaders(pathname: string): Readonly<Record<string, string>> {
  return READING_PAGE.test(pathname) ? { ...PAGE_SECURITY_HEADERS, "Content-Security-Policy": READING_PAGE_POLICY } : PAGE_SECURITY_HEADERS;
}
