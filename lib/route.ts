import "server-only";
import type { z } from "zod";
import { databaseUnavailable } from "@/db/errors";
import { currentCaller, type SessionUser } from "@/lib/auth/session";
import type { TokenScope } from "@/lib/tokens/schemas";
import { logger } from "@/lib/observability/log";
import { recordRequest, requestId, routeTemplate } from "@/lib/observability/requests";
import { isCrossOrigin } from "@/lib/api/origin";
import { withSpec, type Auth } from "@/lib/api/route-spec";
import { parseInput, readJson } from "@/lib/api/input";
import { ForbiddenError, HttpError, MethodNotAllowedError, ServiceUnavailableError, UnauthorizedError } from "@/lib/api/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const READ_METHODS = new Set(["GET", "HEAD"]);

type Options<B, Q, P, A extends Auth> = {
  auth: A;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  /** The query's fields may also come as a JSON body (a POST that takes a GET's query); the body's win. */
  queryInBody?: boolean;
  params?: z.ZodType<P>;
  /** Writes from any origin: the token in the URL is the authority (RFC 8058's one-click POST comes from mail clients of every origin). */
  anyOrigin?: boolean;
  /**
   * Programs only: an access token is required (a session is answered 401), and a read token may POST, the
   * handler itself keeping it from changing anything (the MCP endpoint, whose every call is a POST).
   */
  tokenOnly?: boolean;
};
type Context<B, Q, P, A> = {
  request: Request;
  user: A extends "none" ? null : SessionUser;
  /** The access token's scope when a program called; null for a browser's session. */
  scope: TokenScope | null;
  body: B;
  query: Q;
  params: P;
};
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
      if (options.tokenOnly && !caller?.token)
        throw new UnauthorizedError("An access token is required (Authorization: Bearer pb_...).", { "www-authenticate": "Bearer" });
      if (caller?.token) {
        // A program's token is sent by the program, never by a browser on its own: the origin rule has nothing to guard.
        if (options.auth === "session") throw new ForbiddenError("Access tokens cannot be used here. Sign in instead.");
        if (caller.token === "read" && !READ_METHODS.has(request.method) && !options.tokenOnly)
          throw new ForbiddenError("This access token can only read.");
      } else if (!SAFE_METHODS.has(request.method) && !options.anyOrigin && isCrossOrigin(request))
        throw new ForbiddenError("Cross-origin request refused");
      const params = options.params ? parseInput(options.params, rawParams, "params") : undefined;
      const searchParams = Object.fromEntries(new URL(request.url).searchParams);
      const query = options.query
        ? parseInput(options.query, options.queryInBody ? { ...searchParams, ...(await readJson(request)) } : searchParams, "query")
        : undefined;
      const body = options.body ? parseInput(options.body, await readJson(request), "body") : undefined;
      const result = await handler({ request, user, scope: caller?.token ?? null, body, query, params } as Context<B, Q, P, A>);
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

/** The one place an error becomes an HTTP answer: a typed error its `{detail}` and status, anything else a logged 500 that says nothing more. */
function errorResponse(error: unknown, id: string): Response {
  if (error instanceof HttpError) {
    const body = error.errors ? { detail: error.detail, errors: error.errors } : { detail: error.detail };
    return json(body, { status: error.status, headers: error.headers });
  }
  const unavailable = databaseUnavailable(error);
  if (unavailable) {
    // A restart or failover of PostgreSQL: the client may try again in a moment (the pool reconnects).
    logger.warn({ request_id: id, reason: unavailable }, "Database unavailable");
    return errorResponse(new ServiceUnavailableError("The service is briefly unavailable. Please try again in a few seconds.", 5), id);
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
