import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";

/** Opens (and migrates) the test database for this file, and closes it afterwards. */
export function useDatabase(): void {
  beforeAll(async () => {
    const { prepareDatabase } = await import("@/db/client");
    await prepareDatabase();
  });
  afterAll(async () => {
    const { closeDb } = await import("@/db/client");
    await closeDb();
  });
}

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  body?: unknown;
  /** Sent as is, for malformed bodies. */
  rawBody?: string;
  cookie?: string;
  headers?: Record<string, string>;
  params?: Record<string, string | string[]>;
};

export type CallResult = { status: number; body: unknown; headers: Headers; cookie: string };

/** Calls a route handler the way Next.js would, without a server. */
export async function call(handler: Handler, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  const request = new Request(new URL(path, process.env.APP_URL), { method: options.method ?? "GET", headers, body });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { status: response.status, body: parsed, headers: response.headers, cookie };
}

export function uniqueEmail(prefix = "reader"): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}

export type TestUser = { id: number; email: string; password: string; cookie: string; unique_email: string; username: string };

const PASSWORD = "correct-horse";

/**
 * POST /api/auth/register of a new address (a fresh one unless given) with these headers (host, origin,
 * proxy headers), from a client address of its own so sign-ups never meet the throttle; the answer as it is.
 */
export async function signUp(headers: Record<string, string> = {}, account: { name?: string; email?: string } = {}): Promise<CallResult> {
  const { POST } = await import("@/app/api/auth/register/route");
  const body = { name: account.name ?? "Newcomer", email: account.email ?? uniqueEmail(), password: PASSWORD };
  const client = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  return call(POST, "/api/auth/register", { method: "POST", body, headers: { "x-forwarded-for": client, ...headers } });
}

/** Registers a fresh user through POST /api/auth/register and returns its session cookie. */
export async function registerUser(name = "Test Reader"): Promise<TestUser> {
  const email = uniqueEmail();
  const password = PASSWORD;
  const result = await signUp({}, { name, email });
  if (result.status !== 201) throw new Error(`register failed: ${result.status} ${JSON.stringify(result.body)}`);
  const user = (result.body as { user: { id: number; unique_email: string; username: string } }).user;
  return { id: user.id, email, password, cookie: result.cookie, unique_email: user.unique_email, username: user.username };
}
