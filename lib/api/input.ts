import "server-only";
import type { z } from "zod";
import { BadRequestError, NotFoundError, PayloadTooLargeError, ValidationError } from "./errors";
import { issuesInOrder, valueAt } from "./issues";

// What route() reads from a request before its handler runs: the JSON body within bounds, and params,
// query and body through their zod schemas, a failure turned into the contract's 400, 404 or 422.

const MAX_JSON_BYTES = 1_048_576;
// No body of the contract nests deeper than a few levels; a deeper one only exhausts the stack of whatever walks it (JSON.stringify, Better Auth).
const MAX_JSON_DEPTH = 32;

/** The body's media type without parameters, lower case ("" when none is given): what a handler choosing by type reads. */
export function mediaType(headers: Headers): string {
  return (headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

/** The length the client declared (Content-Length), 0 when none: a body past a limit is refused before it is read. */
export function declaredLength(headers: Headers): number {
  const declared = Number(headers.get("content-length") ?? "0");
  return Number.isFinite(declared) ? declared : 0;
}

/** A JSON object body ({} when empty); 413 past 1 MiB, 400 when malformed, not an object, or nested too deep. */
export async function readJson(request: Request): Promise<object> {
  if (declaredLength(request.headers) > MAX_JSON_BYTES) throw new PayloadTooLargeError();
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

/**
 * `value` through `schema`. Params that do not parse name nothing (404); in a query or body an unknown
 * enum value is a 400, anything else a 422 listing each field, blank ones first.
 */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, where: "params" | "query" | "body"): T {
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
  // A missing or blank field is reported first, so `detail` (the first error) is the message the form itself would show.
  const issues = issuesInOrder(result.error, value);
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
