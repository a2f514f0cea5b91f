import "server-only";
import { randomUUID } from "node:crypto";
import { logger } from "./log";
import { countRequest } from "./metrics";

export type RequestRecord = { requestId: string; method: string; route: string; status: number; durationMs: number };

// A proxy's or client's id is kept so one request can be followed across services; anything else is replaced.
const GIVEN_ID = /^[\w.:-]{1,64}$/;

/** The id of a request: the `X-Request-Id` it came with when that looks like one, else a new one. */
export function requestId(headers: Headers): string {
  const given = headers.get("x-request-id");
  return given && GIVEN_ID.test(given) ? given : randomUUID();
}

/**
 * The route's template (`/api/issues/[emailId]`) rather than the path it was called with: the path's
 * segments are ids, share tokens or whatever a caller typed, which neither a log line nor a metric label may hold.
 */
export function routeTemplate(pathname: string, params: Record<string, string | string[] | undefined>): string {
  let segments = pathname.split("/").map(decodeSegment);
  const dynamic = Object.entries(params).flatMap(([name, value]) =>
    value === undefined
      ? []
      : [{ label: Array.isArray(value) ? `[...${name}]` : `[${name}]`, parts: Array.isArray(value) ? value : [value] }],
  );
  // Longest first, so a catch-all's segments are replaced before a single one of them could be.
  for (const { label, parts } of dynamic.sort((left, right) => right.parts.length - left.parts.length)) {
    const start = segments.findIndex((_, index) => parts.length > 0 && parts.every((part, offset) => segments[index + offset] === part));
    if (start >= 0) segments = [...segments.slice(0, start), label, ...segments.slice(start + parts.length)];
  }
  return segments.join("/");
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// Polled every few seconds by `npm start`, load balancers and container health checks: a line for each
// healthy answer would bury every other line. An unhealthy one is still logged, and every one counted.
const QUIET_WHEN_HEALTHY = new Set(["/api/health", "/api/health/ready"]);

/** One JSON line per request (but a healthy health check), and the request counters behind GET /api/metrics. */
export function recordRequest(record: RequestRecord): void {
  countRequest(record.route, record.method, record.status, record.durationMs);
  if (QUIET_WHEN_HEALTHY.has(record.route) && record.status < 400) return;
  logger.info(
    {
      request_id: record.requestId,
      method: record.method,
      route: record.route,
      status: record.status,
      duration_ms: Math.round(record.durationMs * 10) / 10,
    },
    "request",
  );
}
