import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useDatabase } from "../support/api";
import { killRunning, root } from "../support/processes";
import { sendOverSmtp } from "../support/smtp";
import { mail, uniqueSender } from "./inbound-support";
import { freePort, hasBuild, multiProcess, startInstance, within, type Instance } from "./instances-support";

// docs/contract.md 7.7 and issue 33: what `docker compose up --scale app=2` starts, without Docker: two web
// instances (WORKER=off), the worker and the SMTP receiver, each with a data folder of its own (no shared
// disk), one PostgreSQL, behind Caddy serving the repository's deploy/Caddyfile; then a reader's session
// through the proxy.
useDatabase();

const caddyBinary = spawnSync("caddy", ["version"], { encoding: "utf8" }).status === 0 ? "caddy" : null;
const runnable = multiProcess && hasBuild && caddyBinary !== null;
if (!runnable) {
  const missing = [
    multiProcess ? null : "DATABASE_URL (PostgreSQL)",
    hasBuild ? null : "a production build no older than the sources (npm run build)",
    caddyBinary ? null : "caddy (apt-get install caddy)",
  ].filter(Boolean);
  console.warn(`\n*** topology.test.ts SKIPPED: the compose topology is not proved; it needs ${missing.join(", ")}. ***\n`);
}

const APP_INSTANCES = 2;
const METRICS_TOKEN = "topology-metrics-token";
// A PNG, the picture a newsletter shows through the image proxy (sized as a photo, not a tracking pixel).
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

const ownDir = (kind: string) => mkdtempSync(path.join(process.env.PAPERBOY_TEST_DATA_ROOT ?? tmpdir(), `topology-${kind}-`));

/** deploy/Caddyfile as compose serves it, its replicas (Docker's DNS name `app`) replaced by these upstreams. */
function caddyfileFor(upstreams: string[]): string {
  const source = readFileSync(path.join(root, "deploy", "Caddyfile"), "utf8");
  const dynamic = /dynamic a \{[^}]*\}/;
  if (!dynamic.test(source)) throw new Error("deploy/Caddyfile no longer names its replicas with `dynamic a { ... }`");
  return source.replace(dynamic, `to ${upstreams.join(" ")}`);
}

describe.skipIf(!runnable)("the compose topology without Docker (needs DATABASE_URL, a fresh build and caddy)", () => {
  let proxy: string;
  let smtpPort: number;
  let imagePort: number;
  let images: Server;
  let imageRequests = 0;
  let caddy: ChildProcess;
  let caddyOutput = "";
  let ports: number[] = [];
  const apps: Instance[] = [];

  beforeAll(async () => {
    images = createServer((_request, response) => {
      imageRequests++;
      response.writeHead(200, { "content-type": "image/png" }).end(PIXEL);
    });
    await new Promise<void>((resolve) => images.listen(0, "127.0.0.1", resolve));
    imagePort = (images.address() as { port: number }).port;

    const proxyPort = await freePort();
    proxy = `http://127.0.0.1:${proxyPort}`;
    smtpPort = await freePort();
    // What x-app-environment in docker-compose.yml gives every service.
    const shared = { APP_URL: proxy, FETCH_ALLOW_HOSTS: `127.0.0.1:${imagePort}`, LOG_LEVEL: "warn", METRICS_TOKEN };
    ports = [];
    for (let index = 0; index < APP_INSTANCES; index++) {
      const port = await freePort();
      ports.push(port);
      const app = startInstance("web", {
        ...shared,
        PORT: String(port),
        WORKER: "off",
        TRUST_PROXY: "true",
        DATA_DIR: ownDir("app"),
        INSTANCE_ID: `app-${index}`,
      });
      apps.push(app);
    }
    // As compose's health check reads it.
    const heartbeat = path.join(ownDir("heartbeat"), "worker-heartbeat");
    const worker = startInstance("worker", { ...shared, DATA_DIR: ownDir("worker"), WORKER_HEARTBEAT_FILE: heartbeat });
    const smtp = startInstance("smtp", { ...shared, SMTP_PORT: String(smtpPort), DATA_DIR: ownDir("smtp") });
    await Promise.all([
      ...ports.map((port) =>
        within(180_000, async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null))?.ok === true),
      ),
      worker.waitFor(/running jobs/, 180_000),
      smtp.waitFor(/listening on port/, 180_000),
    ]);
    await within(5_000, async () => existsSync(heartbeat) && Date.now() - statSync(heartbeat).mtimeMs < 60_000);

    const healthPort = await freePort();
    const caddyDir = ownDir("caddy");
    const config = path.join(caddyDir, "Caddyfile");
    writeFileSync(config, caddyfileFor(ports.map((port) => `127.0.0.1:${port}`)));
    caddy = spawn(caddyBinary!, ["run", "--config", config, "--adapter", "caddyfile"], {
      cwd: caddyDir,
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH,
        HOME: caddyDir,
        XDG_DATA_HOME: caddyDir,
        XDG_CONFIG_HOME: caddyDir,
        SITE_ADDRESS: `:${proxyPort}`,
        PROXY_HEALTH_ADDRESS: `127.0.0.1:${healthPort}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    caddy.stdout?.on("data", (chunk: Buffer) => (caddyOutput += chunk.toString()));
    caddy.stderr?.on("data", (chunk: Buffer) => (caddyOutput += chunk.toString()));
    await within(20_000, async () => {
      if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${caddyOutput}`);
      return (await fetch(`${proxy}/api/health/ready`).catch(() => null))?.ok === true;
    });
    // The proxy's own health check, as compose's healthcheck asks it.
    expect((await fetch(`http://127.0.0.1:${healthPort}/healthz`)).status).toBe(200);
  }, 300_000);

  afterAll(async () => {
    caddy?.kill("SIGKILL");
    killRunning();
    await new Promise((resolve) => images?.close(resolve));
  });

  it("serves a reader's session through the proxy (sign-up, mail over SMTP, an import filed by the worker, export, images, feeds), and goes on when a replica is killed", async () => {
    const at = (route: string) => `${proxy}${route}`;
    const email = `reader-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await fetch(at("/api/auth/register"), {
      method: "POST",
      headers: { "content-type": "application/json", origin: proxy },
      body: JSON.stringify({ name: "Topology Reader", email, password: "correct-horse" }),
    });
    expect(registered.status).toBe(201);
    const { user } = (await registered.json()) as { user: { unique_email: string } };
    const cookie = registered.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    const get = (route: string) => fetch(at(route), { headers: { cookie } });
    // The session made on one replica is honoured by every one: requests go round the replicas in turn.
    for (let request = 0; request < APP_INSTANCES * 2; request++) expect((await get("/api/users/me")).status).toBe(200);

    const picture = `http://127.0.0.1:${imagePort}/picture-${randomUUID()}.png`;
    const html = `<p>Hello reader, the topology letter of this week, with a picture.</p><img src="${picture}" alt="The week in a picture" width="600" height="300">`;
    const sender = uniqueSender();
    const message = mail({ to: user.unique_email, from: `Topology Weekly <${sender}>`, subject: "Over SMTP", html });
    expect(await sendOverSmtp(smtpPort, sender, user.unique_email, message)).toBe(250);
    const nobody = `nobody-${randomUUID().slice(0, 8)}@${user.unique_email.split("@")[1]}`;
    expect(await sendOverSmtp(smtpPort, sender, nobody, message)).toBe(550);

    const mbox = `From sender@example.com Tue Mar  1 10:00:00 2022\n${mail({
      to: "reader@gmail.example",
      from: `Imported Letters <${uniqueSender()}>`,
      subject: "Imported through the proxy",
      extra: [`List-Unsubscribe: <https://letters.example.org/u/${randomUUID()}>`],
    }).replace(/\r\n/g, "\n")}\n\n`;
    const uploaded = await fetch(at("/api/users/me/imports"), {
      method: "POST",
      headers: { cookie, origin: proxy, "content-type": "application/mbox" },
      body: mbox,
    });
    expect(uploaded.status).toBe(202);
    const { id: importId } = (await uploaded.json()) as { id: number };
    await within(
      60_000,
      async () => ((await (await get(`/api/users/me/imports/${importId}`)).json()) as { status: string }).status !== "running",
    );
    expect(await (await get(`/api/users/me/imports/${importId}`)).json()).toMatchObject({ status: "done", filed: 1 });

    type Feed = { items: { id: number; subject: string }[] };
    let feed: Feed = { items: [] };
    await within(30_000, async () => {
      feed = (await (await get("/api/issues/feed")).json()) as Feed;
      return feed.items.length === 2;
    });
    expect(feed.items.map((item) => item.subject).sort()).toEqual(["Imported through the proxy", "Over SMTP"]);

    const smtpEmail = feed.items.find((item) => item.subject === "Over SMTP")!;
    const { body_html } = (await (await get(`/api/issues/${smtpEmail.id}`)).json()) as { body_html: string };
    const proxied = /src="(\/img\/[^"]+)"/.exec(body_html)?.[1];
    expect(proxied).toBeDefined();
    // Whichever replica answers serves the picture, fetched from the sender once: the cache is the database's
    // (no shared disk).
    for (let request = 0; request < APP_INSTANCES; request++) {
      const image = await fetch(at(proxied!));
      expect({ status: image.status, type: image.headers.get("content-type") }).toEqual({ status: 200, type: "image/png" });
      expect(Buffer.from(await image.arrayBuffer())).toEqual(PIXEL);
    }
    expect(imageRequests).toBe(1);

    const exported = await get("/api/users/me/export");
    expect({ status: exported.status, type: exported.headers.get("content-type") }).toEqual({ status: 200, type: "application/zip" });
    const zip = Buffer.from(await exported.arrayBuffer());
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(zip.includes("account.json")).toBe(true);

    const { items: feeds } = (await (await get("/api/users/me/feeds")).json()) as { items: { atom_url: string }[] };
    expect(feeds[0].atom_url.startsWith(`${proxy}/feeds/`)).toBe(true);
    const atom = await fetch(feeds[0].atom_url);
    expect(atom.status).toBe(200);
    const text = await atom.text();
    expect(text).toContain("Over SMTP");
    expect(text).toContain("Imported through the proxy");

    // The proxy spread the session over both replicas: each counted some of its requests, under its own name.
    for (const [index, port] of ports.entries()) {
      const scraped = await fetch(`http://127.0.0.1:${port}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const served = (await scraped.text())
        .split("\n")
        .filter((line) => line.startsWith("paperboy_http_requests_total{") && line.includes('route="/api/users/me"'));
      expect(served.length, `app-${index}`).toBeGreaterThan(0);
      expect(served.every((line) => line.includes(`instance="app-${index}"`))).toBe(true);
    }

    // A replica killed: its turns in the round go to the other (lb_retries after the failed connection)
    // before any health check has noticed. POSTs with a body are not tried: Debian's Caddy 2.6 answers
    // them 502 on a retry (caddyserver/caddy#7546), which compose's pinned 2.11.2 does not.
    apps[0].child.kill("SIGKILL");
    await apps[0].exited;
    const answers: number[] = [];
    for (let request = 0; request < APP_INSTANCES * 3; request++) answers.push((await get("/api/users/me")).status);
    expect(answers).toEqual(Array(APP_INSTANCES * 3).fill(200));
  }, 120_000);
});
