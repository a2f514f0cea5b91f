import "server-only";
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathItemObject, type ZodOpenApiResponsesObject } from "zod-openapi";
import { specOf, type RouteSpec } from "@/lib/api/route-spec";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/** What the route files cannot say about a method: its success status, its media type when not JSON, a summary. */
type OperationNotes = { status?: 200 | 201 | 202 | 204; type?: string; summary?: string };
type RouteEntry = { load: () => Promise<object> } & Partial<Record<Method, OperationNotes>>;
export type RouteTable = Record<string, RouteEntry>;

const ErrorBody = z
  .object({
    detail: z.string().meta({ description: "What went wrong, in words a person can read." }),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .meta({ description: "On 422: every invalid field, `detail` being the first message." }),
  })
  .meta({ id: "Error" });

const SUCCESS: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted: the work goes on in the background",
  204: "Done; no body",
};
const SAFE = new Set<Method>(["GET"]);

/** The OpenAPI 3.1 document of every path in `routes`, from the schemas and auth each handler's `route()` was given. */
export async function buildDocument(routes: RouteTable, version: string) {
  const paths: Record<string, ZodOpenApiPathItemObject> = {};
  for (const [path, entry] of Object.entries(routes)) {
    const handlers = (await entry.load()) as Record<string, unknown>;
    const item: ZodOpenApiPathItemObject = {};
    for (const method of METHODS) {
      const spec = specOf(handlers[method]);
      if (!spec || spec.refuses) continue;
      item[method.toLowerCase() as Lowercase<Method>] = operation(path, method, spec, entry[method] ?? {});
    }
    paths[path] = item;
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Paperboy API",
      version,
      description:
        'Every call answers JSON unless said otherwise; errors are `{"detail": ...}`. Call it with the session cookie of a signed-in ' +
        "reader, or with `Authorization: Bearer <token>` (an access token made in Settings; a read token may only GET).",
    },
    components: {
      securitySchemes: {
        token: { type: "http", scheme: "bearer", description: "An access token from Settings → Access tokens." },
        session: { type: "apiKey", in: "cookie", name: "paperboy.session_token", description: "The cookie of a signed-in session." },
      },
    },
    paths,
  });
}

function operation(path: string, method: Method, spec: RouteSpec, notes: OperationNotes): ZodOpenApiOperationObject {
  const query = spec.query ? objectOf(spec.query) : undefined;
  const pathParams = withPathParams(path, spec.params ? objectOf(spec.params) : undefined);
  const bodySchema = spec.body ?? (spec.queryInBody ? spec.query : undefined);
  return {
    summary: notes.summary ?? `${method} ${path}`,
    tags: [tagOf(path)],
    security: spec.auth === "none" ? [] : spec.auth === "session" ? [{ session: [] }] : [{ session: [] }, { token: [] }],
    requestParams: { ...(query ? { query } : {}), ...(pathParams ? { path: pathParams } : {}) },
    ...(bodySchema ? { requestBody: { content: { "application/json": { schema: bodySchema } } } } : {}),
    responses: responses(method, spec, notes, Boolean(bodySchema), Boolean(spec.query)),
  };
}

function responses(method: Method, spec: RouteSpec, notes: OperationNotes, hasBody: boolean, hasQuery: boolean): ZodOpenApiResponsesObject {
  const status = notes.status ?? 200;
  const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });
  const result: ZodOpenApiResponsesObject = {
    [String(status)]:
      status === 204
        ? { description: SUCCESS[204] }
        : { description: SUCCESS[status], content: { [notes.type ?? "application/json"]: {} } },
  };
  if (hasBody || hasQuery) result["400"] = error("Malformed JSON, or a value not among those allowed");
  if (spec.auth !== "none") result["401"] = error("No session or access token");
  const forbidden = [
    spec.auth === "session" ? "an access token (this call needs a signed-in session)" : null,
    spec.auth === "user" && !SAFE.has(method) ? "a read-only access token" : null,
    !SAFE.has(method) && !spec.anyOrigin ? "a write from another origin" : null,
  ].filter(Boolean);
  if (forbidden.length > 0) result["403"] = error(`Refused: ${forbidden.join(", or ")}`);
  if (spec.params) result["404"] = error("Not found, or not the caller's");
  if (hasBody) result["413"] = error("Body larger than 1 MB");
  if (hasBody || hasQuery) result["422"] = error("Invalid fields, each named in `errors`");
  result.default = error("Any other error: 500 (logged, never detailed), 503 with Retry-After while the database is unavailable");
  return result;
}

/** zod-openapi lists parameters from an object schema; a transformed one (`z.object(...).transform(...)`) is read through its input. */
function objectOf(schema: z.ZodType): z.ZodObject {
  let current: z.ZodType = schema;
  while (current instanceof z.ZodPipe) current = current.in as z.ZodType;
  if (!(current instanceof z.ZodObject)) throw new Error(`Query and path schemas must be zod objects, not ${current.def.type}`);
  return current;
}

/** Every `{name}` of the path needs a parameter, even where the route reads it without a schema (a catch-all). */
function withPathParams(path: string, params: z.ZodObject | undefined): z.ZodObject | undefined {
  const missing = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).filter((name) => !params?.shape[name]);
  if (missing.length === 0) return params;
  return (params ?? z.object({})).extend(Object.fromEntries(missing.map((name) => [name, z.string()])));
}

/** "/api/users/me/tokens/{tokenId}" → "tokens": the first segment that names a thing. */
function tagOf(path: string): string {
  const segments = path.split("/").filter((segment) => segment && !segment.startsWith("{"));
  return segments.find((segment) => !["api", "users", "me"].includes(segment)) ?? "users";
}
