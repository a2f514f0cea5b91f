import type { z } from "zod";

// How a failed parse is told (isomorphic): the route's 422 (input.ts) and a form that checks with the
// route's own schema before it asks name the same field first, in the same words.

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

export function valueAt(value: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (current, key) => (typeof current === "object" && current !== null ? (current as Record<PropertyKey, unknown>)[key] : undefined),
    value,
  );
}

/**
 * The issues of `value`'s failed parse, a missing or blank field before a malformed one, in the order
 * docs/spec.md section 5 checks the forms: the first is the message the 422's `detail` carries.
 */
export function issuesInOrder(error: z.ZodError, value: unknown): z.core.$ZodIssue[] {
  return [...error.issues].sort(
    (left, right) => Number(!isBlank(valueAt(value, left.path))) - Number(!isBlank(valueAt(value, right.path))),
  );
}
