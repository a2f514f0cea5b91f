import "server-only";
import { z } from "zod";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { appOrigin } from "@/lib/env";
import { BadRequestError, ForbiddenError, HttpError, NotFoundError, PayloadTooLargeError, UnauthorizedError, ValidationError } from "./errors";

const MAX_JSON_BYTES = 1_048_576;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type Schema<T> = z.ZodType<T>;
type Options<B, Q, P, A extends "user" | "none"> = { auth: A; body?: Schema<B>; query?: Schema<Q>; params?: Schema<P> };
type Context<B, Q, P, A> = { request: Request; user: A extends "user" ? SessionUser : null; body: B; query: Q; params: P };
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

/** Every /api handler: session -> 401, same-origin writes -> 403, zod parsing -> 400/422, typed errors -> detail. */
export function route<B = undefined, Q = undefined, P = undefined, A extends "user" | "none" = "user">(
  options: Options<B, Q, P, A>,
  handler: (context: Context<B, Q, P, A>) => Promise<Response | object> | Response | object,
) {
  return async (request: Request, next?: NextContext): Promise<Response> => {
    try {
      const user = options.auth === "user" ? await currentUser(request.headers) : null;
      if (options.auth === "user" && !user) throw new UnauthorizedError();
      if (!SAFE_METHODS.has(request.method) && isCrossOrigin(request)) throw new ForbiddenError("Cross-origin request refused");
      const params = options.params ? parse(options.params, (await next?.params) ?? {}, "params") : undefined;
      const query = options.query ? parse(options.query, Object.fromEntries(new URL(request.url).searchParams), "query") : undefined;
      const body = options.body ? parse(options.body, await readJson(request), "body") : undefined;
      const result = await handler({ request, user, body, query, params } as Context<B, Q, P, A>);
      return result instanceof Response ? result : json(result);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

function isCrossOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && origin !== appOrigin;
}

async function readJson(request: Request): Promise<unknown> {
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
  return value;
}

function parse<T>(schema: Schema<T>, value: unknown, where: "params" | "query" | "body"): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  if (where === "params") throw new NotFoundError();
  // Only a value given but not on the list is an unknown enum value (400); a missing or mistyped one fails validation (422).
  const enumIssue = result.error.issues.find((issue) => issue.code === "invalid_value" && typeof valueAt(value, issue.path) === "string");
  if (enumIssue) throw new BadRequestError(`Unknown value for ${enumIssue.path.join(".") || where}`);
  // A missing or blank field is reported before a malformed one, in the order SPEC.md section 5 checks
  // the forms, so `detail` (the first error) is the message the form itself would show.
  const issues = [...result.error.issues].sort((left, right) => Number(!isBlank(valueAt(value, left.path))) - Number(!isBlank(valueAt(value, right.path))));
  throw new ValidationError(issues.map((issue) => ({ field: issue.path.join(".") || where, message: issue.message })));
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((current, key) => (typeof current === "object" && current !== null ? (current as Record<PropertyKey, unknown>)[key] : undefined), value);
}

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    const body = error.errors ? { detail: error.detail, errors: error.errors } : { detail: error.detail };
    return json(body, { status: error.status, headers: error.headers });
  }
  console.error("Unhandled error in API route", error);
  return json({ detail: "Internal server error" }, { status: 500 });
}

/** A JSON answer that carries the Set-Cookie headers of a session change. */
export function withSession(data: unknown, status: number, sessionHeaders: Headers): Response {
  const response = json(data, { status });
  for (const cookie of sessionHeaders.getSetCookie()) response.headers.append("set-cookie", cookie);
  return response;
}
