/** Where to go after signing in: only a path on this site, never another origin. */
const DEFAULT_AFTER_LOGIN = "/feed";

const BASE = "http://paperboy.invalid";
const GUEST_PAGES = new Set(["/login", "/register"]);

/** The `next` query value as a same-site relative path, or null when it is missing or unsafe. */
export function safeNextPath(value: string | string[] | null | undefined): string | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  // Browsers drop tabs and newlines from URLs, which would turn "/\t/evil.com" into "//evil.com".
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || GUEST_PAGES.has(url.pathname)) return null;
  // Dot segments resolve away: "/.//evil.com" and "/%2e%2e//evil.com" become "//evil.com", another host.
  if (url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function afterLoginPath(value: string | string[] | null | undefined): string {
  return safeNextPath(value) ?? DEFAULT_AFTER_LOGIN;
}

/** The login page that brings the visitor back to `pathWithQuery` afterwards. */
export function loginPathFor(pathWithQuery: string): string {
  const next = safeNextPath(pathWithQuery);
  return next ? `/login?next=${encodeURIComponent(next)}` : "/login";
}
