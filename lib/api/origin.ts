import "server-only";
import { appOrigin, env } from "@/lib/env";

/** The first value of a header a chain of proxies may have appended to ("a, b"). */
function firstValue(headers: Headers, name: string): string | null {
  return headers.get(name)?.split(",")[0]?.trim() || null;
}

/** `host` as an origin's host part (`name` or `name:port`), or null when it is not a bare host and port. */
function hostPart(host: string | null): string | null {
  if (!host) return null;
  try {
    const url = new URL(`http://${host}`);
    const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password && !host.includes("/");
    return bare ? url.host : null;
  } catch {
    return null;
  }
}

/**
 * The origins the request was addressed to. Without a trusted proxy: its Host, over http or https, as
 * this server is reached either directly (http) or through a TLS-terminating proxy that passes Host on
 * (https); a foreign page cannot make a browser send another site's name as Origin. Behind a proxy the
 * operator trusts (TRUST_PROXY), its X-Forwarded-Host and X-Forwarded-Proto say which, as a client can
 * forge them only when no such proxy rewrites them.
 */
function addressedOrigins(headers: Headers): string[] {
  const trusted = env.TRUST_PROXY;
  const host = hostPart((trusted && firstValue(headers, "x-forwarded-host")) || headers.get("host"));
  if (!host) return [];
  const proto = trusted ? firstValue(headers, "x-forwarded-proto")?.toLowerCase() : undefined;
  if (proto === "http" || proto === "https") return [new URL(`${proto}://${host}`).origin];
  return [new URL(`http://${host}`).origin, new URL(`https://${host}`).origin];
}

/** Origins whose pages may change state here: APP_URL's, and the one this request was addressed to. */
export function allowedOrigins(headers: Headers): string[] {
  return [appOrigin, ...addressedOrigins(headers)];
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Whether a state-changing request came from a page of another origin than the allowed ones. */
export function isCrossOrigin(request: Request): boolean {
  const allowed = allowedOrigins(request.headers);
  const origin = request.headers.get("origin");
  if (origin !== null) return !allowed.includes(originOf(origin) ?? origin);
  // Without an Origin (older browsers, some form posts) the browser still says where the request came from.
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return true;
  const referer = request.headers.get("referer");
  if (referer === null) return false;
  const refererOrigin = originOf(referer);
  return refererOrigin === null || !allowed.includes(refererOrigin);
}
