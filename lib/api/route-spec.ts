import type { z } from "zod";

/** "user": a session or an access token; "session": a session only (what a token must not do, like making tokens); "none": anyone. */
export type Auth = "user" | "session" | "none";

/** What `route()` checks and parses, kept on the handler it makes so the API document is written from it (lib/openapi). */
export type RouteSpec = {
  auth: Auth;
  body?: z.ZodType;
  query?: z.ZodType;
  queryInBody?: boolean;
  params?: z.ZodType;
  /** Writes from any origin (the authority is in the URL, not a cookie). */
  anyOrigin?: boolean;
  /** A handler of `otherMethods()`: the path does not serve this method. */
  refuses?: boolean;
};

// A global symbol rather than a module-level WeakMap: Next may load this module once per route bundle.
const SPEC = Symbol.for("paperboy.route-spec");

export function withSpec<H extends object>(spec: RouteSpec, handler: H): H {
  return Object.assign(handler, { [SPEC]: spec });
}

/** The spec of an exported route handler, or undefined when it was not made by `route()`. */
export function specOf(handler: unknown): RouteSpec | undefined {
  return typeof handler === "function" ? (handler as { [SPEC]?: RouteSpec })[SPEC] : undefined;
}
