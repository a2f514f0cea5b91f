import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { root } from "../support/processes";

// Issue 33: the compose deployment's defects, checked without a Docker engine (`docker compose config`
// needs the compose plugin, which this machine lacks; `npm run test:compose` runs the stack for real).
const read = (name: string) => readFileSync(path.join(root, name), "utf8");
const composeText = read("docker-compose.yml");
type Service = {
  image?: string;
  build?: { target?: string };
  profiles?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[] };
  logging?: { driver?: string; options?: Record<string, string> };
  mem_limit?: string;
};
const compose = YAML.parse(composeText) as { services: Record<string, Service>; "x-app-environment": Record<string, string> };
const dockerfile = read("Dockerfile");
const caddyfile = read("deploy/Caddyfile");

/** One stage of the Dockerfile: from its FROM line to the next. */
function stage(name: string): string {
  const start = dockerfile.search(new RegExp(`^FROM \\S+ AS ${name}$`, "m"));
  if (start < 0) throw new Error(`no stage ${name}`);
  const next = dockerfile.indexOf("\nFROM ", start + 1);
  return dockerfile.slice(start, next < 0 ? undefined : next);
}

describe("docker-compose.yml", () => {
  it("starts the web replicas, the proxy, the worker, the SMTP receiver and the database, and Mailpit only for a trial", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["app", "db", "mailpit", "proxy", "seaweedfs", "smtp", "worker"]);
    expect(compose.services.mailpit.profiles).toEqual(["mailpit"]);
    // An S3-compatible store only when chosen, with the keys the app is given.
    expect(compose.services.seaweedfs.profiles).toEqual(["bucket"]);
    expect(compose.services.seaweedfs.environment).toEqual({
      S3_ACCESS_KEY_ID: "${S3_ACCESS_KEY_ID:-}",
      S3_SECRET_ACCESS_KEY: "${S3_SECRET_ACCESS_KEY:-}",
    });
    for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_REGION", "S3_FORCE_PATH_STYLE"])
      expect(compose["x-app-environment"][name], name).toMatch(new RegExp(`^\\$\\{${name}:-`));
    expect(compose["x-app-environment"].SMTP_URL).toBe("${SMTP_URL:-}");
    expect(compose.services.app.environment).toMatchObject({ WORKER: "off", TRUST_PROXY: "true" });
  });

  it("nests no default inside another, which Compose v1 mangles", () => {
    expect(composeText.match(/\$\{[^}]*\$\{/g)).toBeNull();
  });

  it("gives every service a health check, rotating logs and a memory limit", () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.healthcheck?.test?.length, name).toBeGreaterThan(1);
      expect(service.logging?.options, name).toEqual({ "max-size": "10m", "max-file": "5" });
      expect(service.mem_limit, name).toBeTruthy();
    }
    expect(compose.services.app.healthcheck?.test?.join(" ")).toContain("/api/health/ready");
  });

  it("pins the proxy to a Caddy that retries a POST with its body (2.11.2 or later), serving deploy/Caddyfile", () => {
    const version = /^\$\{CADDY_IMAGE:-caddy:(\d+)\.(\d+)\.(\d+)-alpine\}$/.exec(compose.services.proxy.image ?? "");
    expect(version).not.toBeNull();
    const [major, minor, patch] = version!.slice(1).map(Number);
    expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(2_011_002);
    expect(compose.services.proxy.environment?.SITE_ADDRESS).toBe("${SITE_ADDRESS:-:80}");
    expect(caddyfile).toMatch(/^\{\$SITE_ADDRESS::80\} \{$/m);
    expect(caddyfile).toMatch(/lb_retries \d/);
    expect(caddyfile).toMatch(/lb_try_duration \d+s/);
    expect(caddyfile).toContain("health_uri /api/health/ready");
  });

  it("offers every secret as a file too (*_FILE)", () => {
    for (const secret of [
      "AUTH_SECRET",
      "ENCRYPTION_KEY",
      "INBOUND_SECRET",
      "SMTP_URL",
      "METRICS_TOKEN",
      "S3_ACCESS_KEY_ID",
      "S3_SECRET_ACCESS_KEY",
    ])
      expect(compose["x-app-environment"][`${secret}_FILE`], secret).toBe(`\${${secret}_FILE:-}`);
  });
});

// Compose v2 (the docker plugin) or v1 (Debian's docker-compose, which mangled nested defaults), when present.
const composeCommand = [["docker", "compose"], ["docker-compose"]].find(
  ([command, ...args]) => spawnSync(command, [...args, "version"], { stdio: "ignore" }).status === 0,
);

describe.skipIf(!composeCommand)("docker-compose.yml as Compose reads it (needs docker compose or docker-compose; no engine)", () => {
  it("is accepted, and gives every service the APP_URL and the proxy the site address an operator set", () => {
    const envFile = path.join(mkdtempSync(path.join(tmpdir(), "compose-")), ".env");
    writeFileSync(envFile, "POSTGRES_PASSWORD=abc123\nAUTH_SECRET=a-secret\nAPP_URL=http://127.0.0.1:4310\nHTTP_PORT=4310\n");
    const [command, ...args] = composeCommand!;
    const result = spawnSync(
      command,
      [...args, "--project-directory", root, "--env-file", envFile, "-f", path.join(root, "docker-compose.yml"), "config"],
      {
        encoding: "utf8",
        // Compose prefers the shell's variables to the file's: the test process has its own APP_URL.
        env: { NODE_ENV: "test", PATH: process.env.PATH, HOME: process.env.HOME },
      },
    );
    expect(result.stderr.replace(/^.*(WARN|warn).*\n?/gm, "")).toBe("");
    const resolved = YAML.parse(result.stdout) as { services: Record<string, Service> };
    for (const name of ["app", "worker", "smtp"]) expect(resolved.services[name].environment?.APP_URL, name).toBe("http://127.0.0.1:4310");
    expect(resolved.services.proxy.environment?.SITE_ADDRESS).toBe(":80");
    expect(resolved.services.proxy.image).toBe("caddy:2.11.2-alpine");
  });
});

describe("Dockerfile", () => {
  it("installs with npm 11, which accepts the lock that Node 22's npm 10 refuses", () => {
    expect(dockerfile).toMatch(/^ARG NPM_VERSION=11\.\d+\.\d+$/m);
    expect(stage("npm")).toContain('npm install -g --no-audit --no-fund "npm@${NPM_VERSION}"');
  });

  it("runs the worker and the SMTP receiver from a small stage without the build, as an unprivileged user", () => {
    expect(compose.services.worker.build?.target).toBe("tools");
    expect(compose.services.smtp.build?.target).toBe("tools");
    const tools = stage("tools");
    expect(tools).not.toContain("--from=builder");
    expect(tools).not.toContain("--from=deps ");
    expect(tools).toContain("--from=prod-deps");
    expect(tools).toMatch(/^USER paperboy$/m);
    expect(stage("runner")).toMatch(/^USER paperboy$/m);
  });
});
