import "server-only";
import { createHash } from "node:crypto";
import type { z } from "zod";
import { ForbiddenError, HttpError, PayloadTooLargeError, UnauthorizedError } from "@/lib/api/errors";
import { tokenCallerOf, type SessionUser } from "@/lib/auth/session";
import { route } from "@/lib/route";

// Ten thousand long item ids (NetNewsWire's largest edit-tag) are under 600 kB.
const MAX_FORM_BYTES = 1_048_576;
const GOOGLE_LOGIN = /^GoogleLogin\s+auth=(\S+)$/i;
const BEARER = /^Bearer\s+(\S+)$/i;

export type GreaderContext<P> = { request: Request; user: SessionUser; form: URLSearchParams; params: P; token: string };

/** The query and, for a form POST, its body's fields: clients send `i`, `a`, `T` and the like either way. */
export async function readForm(request: Request): Promise<URLSearchParams> {
  const form = new URLSearchParams(new URL(request.url).search);
  if (request.method !== "POST") return form;
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) throw new PayloadTooLargeError();
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_FORM_BYTES) throw new PayloadTooLargeError();
  for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
  return form;
}

/** The access token a reader app names: `GoogleLogin auth=` as ClientLogin told it, or a plain Bearer. */
function requestToken(headers: Headers): string | null {
  const header = headers.get("authorization")?.trim() ?? "";
  return GOOGLE_LOGIN.exec(header)?.[1] ?? BEARER.exec(header)?.[1] ?? null;
}

/**
 * The `T` a client sends with its edits, as /token answers it: made from the access token, so it
 * needs no storage and changes when the token does, yet is not the hash the database keeps.
 */
export function actionToken(token: string): string {
  return createHash("sha256").update(`greader-action:${token}`).digest("hex").slice(0, 57);
}

export function text(body: string, status = 200): Response {
  return new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" } });
}

/**
 * A Google Reader API handler: the caller is the access token in the Authorization header (401 without
 * one). An edit (`write`) needs a write token (403) and the action token `T` (401 with
 * X-Reader-Google-Bad-Token, on which clients fetch a new one). Errors are `{"detail": ...}` as elsewhere.
 */
export function greader<P = undefined>(
  options: { write?: boolean; params?: z.ZodType<P> },
  handler: (context: GreaderContext<P>) => Promise<Response | object> | Response | object,
) {
  return route({ auth: "none", params: options.params }, async ({ request, params }) => {
    const token = requestToken(request.headers);
    const caller = token ? await tokenCallerOf(token) : null;
    if (!token || !caller) throw new UnauthorizedError();
    if (options.write && caller.token !== "write") throw new ForbiddenError("This access token can only read.");
    const form = await readForm(request);
    if (options.write && form.get("T") !== actionToken(token))
      throw new HttpError(401, "The action token T is missing or stale. Ask /token for a new one.", undefined, {
        "x-reader-google-bad-token": "true",
      });
    const result = await handler({ request, user: caller.user, form, params: params as P, token });
    const response = result instanceof Response ? result : Response.json(result);
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "private, no-store");
    return response;
  });
}
