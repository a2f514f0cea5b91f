/** Pages that need a session; proxy.ts lists the same prefixes as literal matchers. */
export const PROTECTED_PREFIXES = ["/feed", "/discover", "/subscriptions", "/settings", "/emails", "/newsletter", "/newsletters"] as const;

/** Better Auth names the cookie `paperboy.session_token`, with `__Secure-` in front over https. */
export function hasSessionCookie(cookieNames: Iterable<string>): boolean {
  for (const name of cookieNames) if (name.includes("paperboy.session_token")) return true;
  return false;
}
