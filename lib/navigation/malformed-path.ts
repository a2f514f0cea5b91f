/**
 * Whether a path holds a percent sign that starts no valid escape (`/api/issues/%ZZ`). Next's router
 * fails to decode such a path and answers a plain-text 500; the proxy answers it first (issue 33).
 */
export function hasMalformedEncoding(pathname: string): boolean {
  if (!pathname.includes("%")) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}
