// `npm run test:compose`: the compose deployment for real (issue 33). Builds the images, starts the stack
// with three app replicas on a fresh project, runs a reader's session through the proxy (sign-up, mail
// over SMTP, an import filed by the worker, the feed, export, Atom), then kills one replica while
// POSTs with a body keep arriving and counts the answers that were not 2xx (none is expected: the
// proxy retries a request whose connection failed on another replica). Everything it made is removed
// at the end. Run it whenever the Dockerfile, docker-compose.yml, deploy/Caddyfile or start-up changes.
// Without a Docker engine (`docker info` fails) it says so and exits 0: nothing here can be run. Where
// Docker Hub cannot be reached, POSTGRES_IMAGE, CADDY_IMAGE and NODE_IMAGE name local stand-ins (a Caddy
// older than 2.11.2 answers some POSTs 502 across the kill: caddyserver/caddy#7546).
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const HTTP_PORT = Number(process.env.COMPOSE_TEST_PORT ?? 3480);
const SMTP_PORT = Number(process.env.COMPOSE_TEST_SMTP_PORT ?? 2580);
const REPLICAS = 3;
const proxy = `http://localhost:${HTTP_PORT}`;

if (spawnSync("docker", ["info"], { stdio: "ignore" }).status !== 0) {
  console.log("test:compose SKIPPED: no Docker engine answers (`docker info` failed); the compose stack was not run.");
  process.exit(0);
}

// Compose v2 (the docker plugin), else v1 (docker-compose), as Debian packages either.
const composeCommand =
  spawnSync("docker", ["compose", "version"], { stdio: "ignore" }).status === 0 ? ["docker", "compose"] : ["docker-compose"];
const project = `paperboy-test-${process.pid}`;
const envFile = path.join(mkdtempSync(path.join(tmpdir(), "compose-")), ".env");
writeFileSync(
  envFile,
  [
    `POSTGRES_PASSWORD=${randomBytes(16).toString("hex")}`,
    `AUTH_SECRET=${randomBytes(32).toString("base64url")}`,
    `INBOUND_SECRET=${randomBytes(16).toString("hex")}`,
    `APP_URL=${proxy}`,
    `HTTP_PORT=${HTTP_PORT}`,
    `HTTPS_PORT=${HTTP_PORT + 1}`,
    `SMTP_PUBLISHED_PORT=${SMTP_PORT}`,
    "MAIL_DOMAIN=paperboy.localhost",
  ].join("\n"),
);

function compose(...args: string[]): string {
  const [command, ...rest] = composeCommand;
  return execFileSync(command, [...rest, "--project-name", project, "--env-file", envFile, ...args], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
}

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function smtp(to: string, message: string): Promise<number> {
  const commands = ["EHLO sender.example", "MAIL FROM:<news@letters.example.org>", `RCPT TO:<${to}>`, "DATA", `${message}\r\n.`, "QUIT"];
  return new Promise((resolve, reject) => {
    const socket = connect(SMTP_PORT, "127.0.0.1");
    const codes: number[] = [];
    let buffer = "";
    socket.on("error", reject);
    socket.on("data", (data) => {
      buffer += data.toString();
      let match: RegExpExecArray | null;
      while ((match = /^(\d{3}) .*\r\n/m.exec(buffer))) {
        buffer = buffer.slice(match.index + match[0].length);
        codes.push(Number(match[1]));
        const next = commands.shift();
        if (next) socket.write(`${next}\r\n`);
      }
    });
    socket.on("close", () => resolve(codes.at(-2) ?? 0));
  });
}

function letter(to: string, subject: string): string {
  return [
    `From: Compose Weekly <news-${randomUUID().slice(0, 8)}@letters.example.org>`,
    `To: ${to}`,
    `Subject: ${subject}`,
    "Date: Tue, 01 Mar 2022 10:00:00 +0000",
    `Message-ID: <${randomUUID()}@letters.example.org>`,
    `List-Unsubscribe: <https://letters.example.org/u/${randomUUID()}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    "",
    "<p>Hello reader, here is what happened this week in the world of compose files and replicas.</p>",
  ].join("\r\n");
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
  console.log(`ok: ${what}`);
}

async function session(): Promise<void> {
  const registered = await fetch(`${proxy}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: proxy },
    body: JSON.stringify({ name: "Compose Reader", email: `compose-${randomUUID().slice(0, 8)}@example.com`, password: "correct-horse" }),
  });
  check(registered.status === 201, "sign-up through the proxy");
  const { user } = (await registered.json()) as { user: { unique_email: string } };
  const cookie = registered.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const get = (route: string) => fetch(`${proxy}${route}`, { headers: { cookie } });

  check((await smtp(user.unique_email, letter(user.unique_email, "Over SMTP"))) === 250, "mail accepted over SMTP");
  const mbox = `From sender@example.com Tue Mar  1 10:00:00 2022\n${letter("reader@gmail.example", "Imported").replace(/\r\n/g, "\n")}\n\n`;
  const uploaded = await fetch(`${proxy}/api/users/me/imports`, {
    method: "POST",
    headers: { cookie, origin: proxy, "content-type": "application/mbox" },
    body: mbox,
  });
  check(uploaded.status === 202, "an import uploaded through one replica");
  const { id } = (await uploaded.json()) as { id: number };
  await until(
    "the import filed by the worker",
    120_000,
    async () => ((await (await get(`/api/users/me/imports/${id}`)).json()) as { status: string }).status === "done",
  );
  await until(
    "both messages in the feed",
    60_000,
    async () => ((await (await get("/api/issues/feed")).json()) as { items: unknown[] }).items.length === 2,
  );
  console.log("ok: the feed holds the mail and the import");
  const exported = await get("/api/users/me/export");
  check(exported.status === 200 && exported.headers.get("content-type") === "application/zip", "export");
  const { items } = (await (await get("/api/users/me/feeds")).json()) as { items: { atom_url: string }[] };
  check((await fetch(items[0].atom_url)).status === 200, "the Atom feed");

  // One replica killed while POSTs with a body keep coming: each is answered, none with 502.
  const statuses: number[] = [];
  let sending = true;
  const load = (async () => {
    while (sending) {
      const answer = await fetch(`${proxy}/api/issues/feed/mark-read`, {
        method: "POST",
        headers: { cookie, origin: proxy, "content-type": "application/json" },
        body: "{}",
      }).catch(() => null);
      statuses.push(answer?.status ?? 0);
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const [victim] = compose("ps", "-q", "app").trim().split("\n");
  execFileSync("docker", ["kill", victim]);
  console.log(`killed one replica (${victim.slice(0, 12)})`);
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  sending = false;
  await load;
  const failed = statuses.filter((status) => status < 200 || status >= 300);
  check(
    failed.length === 0,
    `${statuses.length} POSTs across the kill, ${failed.length} not 2xx (${[...new Set(failed)].join(", ") || "none"})`,
  );
}

let status = 0;
try {
  console.log(`== ${composeCommand.join(" ")}: building the images`);
  compose("build");
  console.log(`== starting ${REPLICAS} app replicas, the worker, the SMTP receiver, PostgreSQL and the proxy`);
  compose("up", "-d", "--scale", `app=${REPLICAS}`);
  await until("the stack ready through the proxy", 300_000, async () => (await fetch(`${proxy}/api/health/ready`)).ok);
  await session();
} catch (error) {
  status = 1;
  console.error(`test:compose FAILED: ${error instanceof Error ? error.message : String(error)}`);
  console.error(compose("logs", "--tail", "50"));
} finally {
  compose("down", "--volumes", "--remove-orphans");
}
process.exit(status);
