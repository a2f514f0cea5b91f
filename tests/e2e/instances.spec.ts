import { createHmac, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startInstance, type Instance } from "../support/instances";

// Two app processes on one PostgreSQL, as an operator runs them behind a proxy: what one instance
// learns (attempts counted, a session ended, a Mailgun token used) must hold on the other.
// PGlite is one process's database, so without DATABASE_URL there is nothing to share.
test.skip(!process.env.DATABASE_URL, "needs DATABASE_URL: several instances share a PostgreSQL database");

const MAILGUN_KEY = "instances-mailgun-signing-key";
const INBOUND_SECRET = "instances-inbound-secret";
const base = Number(process.env.E2E_PORT ?? 3100);
let a: Instance;
let b: Instance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env = { MAILGUN_SIGNING_KEY: MAILGUN_KEY, INBOUND_SECRET, LOG_LEVEL: "info" };
  [a, b] = await Promise.all([startInstance({ port: base + 11, env }), startInstance({ port: base + 12, env })]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

type Answer = { status: number; body: unknown; cookie: string };

async function send(
  instance: Instance,
  path: string,
  init: { method?: string; json?: unknown; cookie?: string; headers?: Record<string, string>; form?: FormData } = {},
): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const response = await fetch(`${instance.url}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
  });
  const text = await response.text();
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, cookie };
}

async function register(instance: Instance): Promise<{ email: string; password: string; cookie: string; uniqueEmail: string }> {
  const email = `instances-${randomUUID().slice(0, 12)}@example.com`;
  const password = "correct-horse";
  const answer = await send(instance, "/api/auth/register", {
    method: "POST",
    json: { name: "Two Instances", email, password },
    headers: { "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { email, password, cookie: answer.cookie, uniqueEmail: (answer.body as { user: { unique_email: string } }).user.unique_email };
}

test("login attempts alternating between two instances are counted once: the 11th is refused", async () => {
  const { email } = await register(a);
  const client = { "x-forwarded-for": `10.8.${Math.floor(Math.random() * 250)}.1` };
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 12; attempt++) {
    const answer = await send(attempt % 2 === 0 ? a : b, "/api/auth/login", {
      method: "POST",
      json: { email, password: "wrong-password" },
      headers: client,
    });
    statuses.push(answer.status);
  }
  expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
});

/**
 * docs/contract.md 6.5: an ended session is refused by every instance within 1 second. An instance keeps a
 * session's rows for that second at most, and drops them when PostgreSQL's notice of the change
 * arrives: on an idle machine before the next request, on a loaded one possibly a moment after it.
 */
async function refusedWithinASecond(instance: Instance, cookie: string): Promise<void> {
  await expect.poll(async () => (await send(instance, "/api/users/me", { cookie })).status, { timeout: 1_000, intervals: [10] }).toBe(401);
}

test("a session ended on one instance is refused by the other within a second", async () => {
  const reader = await register(a);
  // B has accepted the session twice, so any per-process memory of it (the cookie's signature, then its rows) is warm.
  for (let i = 0; i < 2; i++) expect((await send(b, "/api/users/me", { cookie: reader.cookie })).status).toBe(200);
  expect((await send(a, "/api/auth/logout", { method: "POST", cookie: reader.cookie })).status).toBeLessThan(300);
  await refusedWithinASecond(b, reader.cookie);
  expect(await send(b, "/api/users/me", { cookie: reader.cookie })).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
});

test("a password change or account deletion on one instance ends the reader's other sessions on the other within a second", async () => {
  const reader = await register(a);
  const other = await send(a, "/api/auth/login", {
    method: "POST",
    json: { email: reader.email, password: reader.password },
    headers: { "x-forwarded-for": "10.7.0.1" },
  });
  expect(other.status).toBe(200);
  for (let i = 0; i < 2; i++) expect((await send(b, "/api/users/me", { cookie: other.cookie })).status).toBe(200);
  const changed = await send(a, "/api/users/me/password", {
    method: "PUT",
    cookie: reader.cookie,
    json: { current_password: reader.password, new_password: "another-horse" },
  });
  expect(changed.status).toBe(204);
  await refusedWithinASecond(b, other.cookie);

  for (let i = 0; i < 2; i++) expect((await send(b, "/api/users/me", { cookie: reader.cookie })).status).toBe(200);
  const deleted = await send(a, "/api/users/me", {
    method: "DELETE",
    cookie: reader.cookie,
    json: { password: "another-horse", confirm: "DELETE" },
  });
  expect(deleted.status).toBe(204);
  await refusedWithinASecond(b, reader.cookie);
});

function mailgunPost(mime: string, recipient: string, token: string): FormData {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const form = new FormData();
  form.set("timestamp", timestamp);
  form.set("token", token);
  form.set(
    "signature",
    createHmac("sha256", MAILGUN_KEY)
      .update(timestamp + token)
      .digest("hex"),
  );
  form.set("recipient", recipient);
  form.set("body-mime", mime);
  return form;
}

function message(to: string, subject: string): string {
  const id = randomUUID();
  return [
    `From: Instances Weekly <news@instances.example>`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <${id}@instances.example>`,
    `Date: ${new Date().toUTCString()}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Issue ${id}.`,
    "",
  ].join("\r\n");
}

test("a Mailgun token used on one instance is refused on the other for another message", async () => {
  const reader = await register(a);
  const token = randomUUID().replaceAll("-", "");
  const first = await send(a, "/api/inbound/mailgun", {
    method: "POST",
    form: mailgunPost(message(reader.uniqueEmail, "The real issue"), reader.uniqueEmail, token),
  });
  expect(first.status).toBe(202);
  const replay = await send(b, "/api/inbound/mailgun", {
    method: "POST",
    form: mailgunPost(message(reader.uniqueEmail, "A forged issue"), reader.uniqueEmail, token),
  });
  expect({ status: replay.status, body: replay.body }).toEqual({ status: 401, body: { detail: "Invalid signature" } });
});

test("a feed answer one instance keeps shows what the other changed at once: a like, a new issue", async () => {
  const reader = await register(a);
  const deliver = async (subject: string) => {
    const delivery = await fetch(`${a.url}/api/inbound/email`, {
      method: "POST",
      headers: { authorization: `Bearer ${INBOUND_SECRET}`, "content-type": "message/rfc822" },
      body: message(reader.uniqueEmail, subject),
    });
    expect(delivery.status).toBe(202);
  };
  type Feed = { items: { id: number; subject: string; is_liked: boolean }[] };
  const feedOn = async (instance: Instance) => (await send(instance, "/api/issues/feed", { cookie: reader.cookie })).body as Feed;
  await deliver("Kept one");
  // Asked twice on b: the second is answered from what b kept.
  expect((await feedOn(b)).items.map((item) => item.subject)).toEqual(["Kept one"]);
  const [kept] = (await feedOn(b)).items;
  expect(kept).toMatchObject({ subject: "Kept one", is_liked: false });
  const like = await send(a, `/api/issues/${kept!.id}/interactions`, {
    method: "PUT",
    json: { is_liked: true },
    cookie: reader.cookie,
    headers: { origin: a.url },
  });
  expect(like.status, JSON.stringify(like.body)).toBe(200);
  expect((await feedOn(b)).items[0]).toMatchObject({ subject: "Kept one", is_liked: true });
  await deliver("Kept two");
  expect((await feedOn(b)).items.map((item) => item.subject)).toEqual(["Kept two", "Kept one"]);
});

test("logs one JSON line per request, with its id, route, status and duration, and none of its secrets", async () => {
  const reader = await register(a);
  const secrets = {
    password: "hunter2-secret-password",
    cookie: "cookie-secret-value",
    token: "bearer-secret-token",
    query: "query-secret-token",
    body: "body-secret-sentence",
  };
  const login = await send(a, `/api/auth/login?token=${secrets.query}`, {
    method: "POST",
    json: { email: reader.email, password: secrets.password },
    cookie: `paperboy.session_token=${secrets.cookie}`,
    headers: { authorization: `Bearer ${secrets.token}`, "x-request-id": "trace-login-1" },
  });
  expect(login.status).toBe(401);
  const raw = message(reader.uniqueEmail, "Secrets inside").replace(/Issue .*\./, secrets.body);
  const delivery = await fetch(`${a.url}/api/inbound/email`, {
    method: "POST",
    headers: { authorization: `Bearer ${INBOUND_SECRET}`, "content-type": "message/rfc822", "x-request-id": "trace-inbound-1" },
    body: raw,
  });
  expect(delivery.status).toBe(202);

  await expect.poll(() => a.output().includes("trace-inbound-1")).toBe(true);
  const lines = a
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.find((line) => line.request_id === "trace-login-1")).toMatchObject({
    level: "info",
    method: "POST",
    route: "/api/auth/login",
    status: 401,
    duration_ms: expect.any(Number),
  });
  expect(lines.find((line) => line.request_id === "trace-inbound-1")).toMatchObject({
    method: "POST",
    route: "/api/inbound/email",
    status: 202,
  });
  for (const secret of [...Object.values(secrets), reader.email, reader.uniqueEmail, INBOUND_SECRET])
    expect(a.output()).not.toContain(secret);
});
