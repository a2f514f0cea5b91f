import "server-only";
import { z } from "zod";
import { databaseUnavailable } from "@/db/errors";
import { currentCaller, type SessionUser } from "@/lib/auth/session";
import { logger } from "@/lib/observability/log";
import { recordRequest, requestId, routeTemplate } from "@/lib/observability/requests";
import { isCrossOrigin } from "@/lib/api/origin";
import { withSpec, type Auth } from "@/lib/api/route-spec";
import {
  BadRequestError,
  ForbiddenError,
  HttpError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  UnauthorizedError,
  ValidationError,
} from "@/lib/api/errors";

const MAX_JSON_BYTES = 1_048_576;
// No body of the contract nests deeper than a few levels; a deeper one only exhausts the stack of whatever walks it (JSON.stringify, Better Auth).
const MAX_JSON_DEPTH = 32;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const READ_METHODS = new Set(["GET", "HEAD"]);

type Schema<T> = z.ZodType<T>;
type Options<B, Q, P, A extends Auth> = {
  auth: A;
  body?: Schema<B>;
  query?: Schema<Q>;
  /** The query's fields may also come as a JSON body (a POST that takes a GET's query); the body's win. */
  queryInBody?: boolean;
  params?: Schema<P>;
  /** Writes from any origin: the token in the URL is the authority (RFC 8058's one-click POST comes from mail clients of every origin). */
  anyOrigin?: boolean;
};
type Context<B, Q, P, A> = { request: Request; user: A extends "none" ? null : SessionUser; body: B; query: Q; params: P };
type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

export function json(data: unknown, init?: ResponseInit): Response {
  return Response.json(data, init);
}

/** An answer serialized beforehand (a cached one), sent as is. */
export function jsonText(text: string): Response {
  return new Response(text, { headers: { "content-type": "application/json" } });
}

export function noContent(headers?: HeadersInit): Response {
  return new Response(null, { status: 204, headers });
}

/** Every /api handler: session or token -> 401, token scope and same-origin writes -> 403, zod parsing -> 400/422, typed errors -> detail. */
export function route<B = undefined, Q = undefined, P = undefined, A extends Auth = "user">(
  options: Options<B, Q, P, A>,
  handler: (context: Context<B, Q, P, A>) => Promise<Response | object> | Response | object,
) {
  // The handler carries what it checks and parses, from which /api/openapi.json is written.
  return withSpec(options, async (request: Request, next?: NextContext): Promise<Response> => {
    const started = performance.now();
    const id = requestId(request.headers);
    const rawParams = (await next?.params) ?? {};
    const response = await answer(request, rawParams, id);
    // A response from elsewhere (Better Auth's) may have immutable headers; the id is a courtesy, not a rule.
    try {
      response.headers.set("x-request-id", id);
    } catch {
      // Left without it.
    }
    recordRequest({
      requestId: id,
      method: request.method,
      route: routeTemplate(new URL(request.url).pathname, rawParams),
      status: response.status,
      durationMs: performance.now() - started,
    });
    return response;
  });

  async function answer(request: Request, rawParams: Record<string, string | string[] | undefined>, id: string): Promise<Response> {
    try {
      const caller = options.auth === "none" ? null : await currentCaller(request.headers);
      if (options.auth !== "none" && !caller) throw new UnauthorizedError();
      const user = caller?.user ?? null;
      if (caller?.token) {
        // A program's token is sent by the program, never by a browser on its own: the origin rule has nothing to guard.
        if (options.auth === "session") throw new ForbiddenError("Access tokens cannot be used here. Sign in instead.");
        if (caller.token === "read" && !READ_METHODS.has(request.method)) throw new ForbiddenError("This access token can only read.");
      } else if (!SAFE_METHODS.has(request.method) && !options.anyOrigin && isCrossOrigin(request))
        throw new ForbiddenError("Cross-origin request refused");
      const params = options.params ? parse(options.params, rawParams, "params") : undefined;
      const searchParams = Object.fromEntries(new URL(request.url).searchParams);
      const query = options.query
        ? parse(options.query, options.queryInBody ? { ...searchParams, ...(await readJson(request)) } : searchParams, "query")
        : undefined;
      const body = options.body ? parse(options.body, await readJson(request), "body") : undefined;
      const result = await handler({ request, user, body, query, params } as Context<B, Q, P, A>);
      const response = result instanceof Response ? result : json(result);
      // A reader's own data: never kept by a shared cache, nor by the browser after they sign out.
      if (user && !response.headers.has("cache-control")) response.headers.set("cache-control", "private, no-store");
      return response;
    } catch (error) {
      return errorResponse(error, id);
    }
  }
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = (request: Request) => Promise<Response>;

/**
 * Handlers for the methods a path does not serve, so they answer as the contract's API does (401 first
 * where the path needs a session, then a JSON 405 with `Allow`) instead of Next's empty 405, and an
 * OPTIONS whose `Allow` names only what the path serves (Next's own lists every exported method).
 */
export function otherMethods<const A extends Method[]>(auth: Auth, ...allowed: A): Record<Exclude<Method, A[number]> | "OPTIONS", Handler> {
  const served = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
  const refuse = withSpec(
    { auth, refuses: true },
    route({ auth }, () => {
      throw new MethodNotAllowedError(served);
    }),
  );
  const options = async () => noContent({ allow: served.join(", ") });
  const refused = METHODS.filter((method) => !allowed.includes(method)).map((method) => [method, refuse]);
  return Object.fromEntries([...refused, ["OPTIONS", options]]) as Record<Exclude<Method, A[number]> | "OPTIONS", Handler>;
}

async function readJson(request: Request): Promise<object> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_JSON_BYTES) throw new PayloadTooLargeError();
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) throw new PayloadTooLargeError();
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new BadRequestError("Malformed JSON body");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new BadRequestError("The body must be a JSON object");
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) throw new BadRequestError(`The body must not nest deeper than ${MAX_JSON_DEPTH} levels`);
  return value;
}

function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== "object" || next.value === null) continue;
    if (next.depth > limit) return true;
    for (const item of Object.values(next.value)) pending.push({ value: item, depth: next.depth + 1 });
  }
  return false;
}

function parse<T>(schema: Schema<T>, value: unknown, where: "params" | "query" | "body"): T {
  const result = schema.safeParse(value);
  if (result.success) {
    const unstorable = unstorableText(result.data);
    if (!unstorable) return result.data;
    if (where === "params") throw new NotFoundError();
    const field = unstorable.join(".") || where;
    throw ValidationError.of(field, `${field} cannot contain NUL characters or broken Unicode.`);
  }
  if (where === "params") throw new NotFoundError();
  // Only a value given but not on the list is an unknown enum value (400); a missing or mistyped one fails validation (422).
  const enumIssue = result.error.issues.find((issue) => issue.code === "invalid_value" && typeof valueAt(value, issue.path) === "string");
  if (enumIssue) throw new BadRequestError(`Unknown value for ${enumIssue.path.join(".") || where}`);
  // A missing or blank field is reported before a malformed one, in the order docs/spec.md section 5 checks
  // the forms, so `detail` (the first error) is the message the form itself would show.
  const issues = [...result.error.issues].sort(
    (left, right) => Number(!isBlank(valueAt(value, left.path))) - Number(!isBlank(valueAt(value, right.path))),
  );
  throw new ValidationError(issues.map((issue) => ({ field: issue.path.join(".") || where, message: issue.message })));
}

// PostgreSQL text refuses NUL (the query would fail: a 500), and an unpaired UTF-16 surrogate has no
// UTF-8 form (it would be stored as U+FFFD: the text silently changed). Checked on the parsed input,
// so only the fields a handler will use are refused.
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** The path of the first string in `value` that cannot be stored as it is, or null. Iterative: a body may nest deeper than the stack. */
function unstorableText(value: unknown): PropertyKey[] | null {
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === "string") {
      if (next.value.includes("\u0000") || UNPAIRED_SURROGATE.test(next.value)) return next.path;
    } else if (typeof next.value === "object" && next.value !== null) {
      for (const [key, item] of Object.entries(next.value).reverse()) pending.push({ value: item, path: [...next.path, key] });
    }
  }
  return null;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (current, key) => (typeof current === "object" && current !== null ? (current as Record<PropertyKey, unknown>)[key] : undefined),
    value,
  );
}

function errorResponse(error: unknown, id: string): Response {
  if (error instanceof HttpError) {
    const body = error.errors ? { detail: error.detail, errors: error.errors } : { detail: error.detail };
    return json(body, { status: error.status, headers: error.headers });
  }
  const unavailable = databaseUnavailable(error);
  if (unavailable) {
    // A restart or failover of PostgreSQL: the client may try again in a moment (the pool reconnects).
    logger.warn({ request_id: id, reason: unavailable }, "Database unavailable");
    return json(
      { detail: "The service is briefly unavailable. Please try again in a few seconds." },
      { status: 503, headers: { "Retry-After": "5" } },
    );
  }
  logger.error({ request_id: id, err: error }, "Unhandled error in API route");
  return json({ detail: "Internal server error" }, { status: 500 });
}

/** A JSON answer that carries the Set-Cookie headers of a session change. */
export function withSession(data: unknown, status: number, sessionHeaders: Headers): Response {
  const response = json(data, { status });
  for (const cookie of sessionHeaders.getSetCookie()) response.headers.append("set-cookie", cookie);
  return response;
}
