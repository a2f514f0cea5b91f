import { readdir, readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killRunning, root } from "../support/processes";
import { freePort, hasBuild, multiProcess, startInstance } from "./instances-support";

// The production build (`next start`) differs from the tests' in-process routes: its instrumentation and
// routes are separate bundles, and requests arrive over real sockets. What only shows there is tested here.

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: unknown; cookie: string };

let port = 0;

/** One request to the server from `localAddress` (any 127.x reaches it from its own address). */
function send(
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string>; from?: string } = {},
) {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        localAddress: options.from ?? "127.0.0.1",
        headers: {
          origin: `http://127.0.0.1:${port}`,
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => {
          const cookie = (res.headers["set-cookie"] ?? []).map((value) => value.split(";")[0]).join("; ");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : null, cookie });
        });
      },
    );
    req.once("error", reject);
    req.end(payload);
  });
}

/** A loopback address of its own, as suites may share one database (and its throttles) under DATABASE_URL. */
const loopback = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

let counter = 0;
async function register(): Promise<{ email: string; password: string; cookie: string }> {
  const email = `built-${Date.now()}-${counter++}@example.com`;
  const password = "correct-horse";
  const answer = await send("POST", "/api/auth/register", { body: { name: "Built Reader", email, password }, from: loopback() });
  expect(answer.status).toBe(201);
  return { email, password, cookie: answer.cookie };
}

describe.skipIf(!hasBuild)("the production build (next start; needs a build no older than the sources)", () => {
  beforeAll(async () => {
    port = await freePort();
    await startInstance("web", { PORT: String(port), MAIL_DOMAIN: "in.example.test" }).waitFor(/Ready in/, 60_000);
  }, 90_000);
  afterAll(killRunning);

  it("loads one copy of the libraries whose errors are told apart by class, shared by every bundle", async () => {
    // Bundled into each route and into the instrumentation (which opens the shared connection and the
    // limiters), drizzle-orm and rate-limiter-flexible had a copy per bundle, and `instanceof` missed across them.
    const server = path.join(process.cwd(), ".next", "server");
    const bundles = (await readdir(server, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
      .map((entry) => path.join(entry.parentPath, entry.name));
    const copies = [];
    for (const file of bundles) {
      const text = await readFile(file, "utf8");
      if (/"TransactionRollbackError"|_isFirstInDuration/.test(text)) copies.push(file);
    }
    expect(bundles.length).toBeGreaterThan(10);
    expect(copies).toEqual([]);
  });

  it("answers a malformed percent-encoding with 400 JSON under /api and sends a page to /, never a 500", async () => {
    for (const path of ["/api/issues/%ZZ", "/api/users/me/folders/%E0%A4%A", "/api/greader/reader/api/0/stream/contents/%"]) {
      expect(await send("GET", path), path).toMatchObject({
        status: 400,
        body: { detail: "Malformed path: a percent sign must start a valid escape." },
      });
    }
    for (const method of ["HEAD", "POST", "DELETE"]) {
      const answer = await send(method, "/api/issues/%ZZ");
      expect(answer.status, method).toBe(400);
      if (method !== "HEAD") expect(answer.body, method).toEqual({ detail: "Malformed path: a percent sign must start a valid escape." });
    }
    for (const path of [
      "/emails/%ZZ",
      "/feeds/%ZZ/all.atom",
      "/newsletter/%C3%28",
      "/issues/share/%ZZ",
      "/%",
      "/img/%ZZ/x",
      "/img/font/%ZZ/x",
      "/_next/static/chunks/%ZZ.js",
      "/_next/image/%ZZ",
    ]) {
      for (const method of ["GET", "HEAD", "POST"]) {
        const answer = await fetch(`http://127.0.0.1:${port}${path}`, { method, redirect: "manual" });
        expect(answer.status, `${method} ${path}`).toBe(307);
        expect(new URL(answer.headers.get("location") ?? "", "http://x").pathname, `${method} ${path}`).toBe("/");
      }
    }
    // The build's own files are still served, with a well-formed escape too.
    const chunk = (await readdir(path.join(root, ".next", "static", "chunks"))).find((name) => name.endsWith(".js"))!;
    for (const file of [chunk, `%${chunk.charCodeAt(0).toString(16)}${chunk.slice(1)}`]) {
      expect((await fetch(`http://127.0.0.1:${port}/_next/static/chunks/${file}`)).status, file).toBe(200);
    }
    // A well-formed escape still reaches its route.
    expect((await send("GET", "/api/issues/%41")).status).toBe(401);
  });

  it("answers 409, not 500, to a change of one's address to a retired one", async () => {
    const reader = await register();
    const made = await send("POST", "/api/users/me/addresses", { cookie: reader.cookie, body: {} });
    expect(made.status).toBe(201);
    const { id, address } = made.body as { id: number; address: string };
    expect((await send("DELETE", `/api/users/me/addresses/${id}`, { cookie: reader.cookie })).status).toBe(204);

    const change = await send("PUT", "/api/users/me/unique-email", { cookie: reader.cookie, body: { unique_email: address } });
    expect(change).toMatchObject({ status: 409, body: { detail: "This address is already taken." } });
  });

  it("tells callers apart by the address they connect from, whatever X-Forwarded-For they send", async () => {
    const owner = await register();
    const [attacker, elsewhere] = [loopback(), loopback()];
    const wrong = (index: number) =>
      send("POST", "/api/auth/login", {
        body: { email: owner.email, password: "wrong-password" },
        from: attacker,
        headers: { "x-forwarded-for": `10.20.${index}.1` },
      });
    for (let index = 0; index < 10; index++) expect((await wrong(index)).status).toBe(401);
    const refused = await wrong(99);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    const fromElsewhere = await send("POST", "/api/auth/login", {
      body: { email: owner.email, password: owner.password },
      from: elsewhere,
    });
    expect(fromElsewhere.status).toBe(200);
  });

  // The server's database is this file's only on PostgreSQL (a PGlite folder is the server's own).
  it.runIf(multiProcess)("hashes passwords at Better Auth's own scrypt cost, whatever the tests' in-process hashing does", async () => {
    // The suites hash at a lower cost (tests/support/password-hashing.ts); the build must never.
    const reader = await register();
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client
      .query<{ password: string }>(
        `SELECT a.password FROM account a JOIN "user" u ON u.id = a.user_id WHERE u.email = $1 AND a.provider_id = 'credential'`,
        [reader.email],
      )
      .finally(() => client.end());
    expect(await verifyPassword({ hash: rows[0].password, password: reader.password })).toBe(true);
  });
});
