/**
 * The pages that need a session, as proxy.ts matches them (its matchers must be literals). Only the
 * pages themselves: every other path, /feed/x included, goes to / (SPEC.md section 2), session or not.
 */
export const PROTECTED_PAGES = ["/feed", "/discover", "/subscriptions", "/settings", "/emails/:emailId", "/newsletter/:newsletterId", "/newsletters/:id"] as const;

/** Better Auth names the cookie `paperboy.session_token`, with `__Secure-` in front over https. */
export function hasSessionCookie(cookieNames: Iterable<string>): boolean {
  for (const name of cookieNames) if (name.includes("paperboy.session_token")) return true;
  return false;
}
