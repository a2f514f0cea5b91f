// The command-line tools as an operator runs them: a wrong configuration, an unreachable database or a
// busy port ends them with one line and exit code 1, and none of them opens the embedded database
// while another process has it open (two PGlite processes on one folder corrupt it).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function run(args: string[], env: Record<string, string | undefined>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  const result = spawnSync(process.execPath, args, { cwd: root, env: childEnv, encoding: "utf8", timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.trim() };
}

const tool = (script: string, env: Record<string, string | undefined>, ...args: string[]) =>
  run(["--conditions=react-server", "--import", "tsx", `scripts/${script}`, ...args], env);

function embedded(): Record<string, string | undefined> {
  return { DATABASE_URL: undefined, DATA_DIR: mkdtempSync(path.join(tmpdir(), "paperboy-cli-")) };
}

async function occupiedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, resolve));
  cleanups.push(() => server.close());
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("command-line tools", () => {
  it("name a malformed DATABASE_URL in one line", () => {
    const result = tool("migrate.ts", { DATABASE_URL: "notaurl" });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe("Migration failed: Invalid configuration: DATABASE_URL must be a postgres:// URL");
  }, 60_000);

  it("say which database did not answer, without its password", async () => {
    const port = await occupiedPort();
    cleanups.splice(0).forEach((cleanup) => cleanup());
    const result = tool("mail-reprocess.ts", { DATABASE_URL: `postgres://paperboy:hunter2@127.0.0.1:${port}/paperboy` });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `Reprocessing failed: could not open the database at 127.0.0.1:${port}/paperboy: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  }, 60_000);

  it("refuse the embedded database while another process has it open, and leave it untouched", () => {
    const env = embedded();
    const holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    cleanups.push(() => holder.kill());
    const lock = path.join(env.DATA_DIR ?? "", "pglite.lock");
    writeFileSync(lock, `${holder.pid}\n`);
    const busy = `The embedded database in ${env.DATA_DIR} is open in another Paperboy process (pid ${holder.pid}), and only one may open it: stop that one first, or set DATABASE_URL to a PostgreSQL they can share.`;
    for (const [script, prefix] of [
      ["migrate.ts", "Migration failed"],
      ["catalog-load.ts", "Loading the catalog failed"],
      ["mail-reprocess.ts", "Reprocessing failed"],
      ["smtp.ts", "SMTP receiver failed"],
    ]) {
      const result = tool(script, env);
      expect({ script, status: result.status, stderr: result.stderr }).toEqual({ script, status: 1, stderr: `${prefix}: ${busy}` });
    }
    expect(readFileSync(lock, "utf8")).toBe(`${holder.pid}\n`);
    expect(existsSync(path.join(env.DATA_DIR ?? "", "pglite"))).toBe(false);
  }, 120_000);

  it("open the embedded database once its holder has gone, and let it go when done", () => {
    const env = embedded();
    const lock = path.join(env.DATA_DIR ?? "", "pglite.lock");
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    writeFileSync(lock, `${gone}\n`);
    const result = tool("migrate.ts", env);
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect(result.stdout).toContain("Database is up to date.");
    expect(existsSync(lock)).toBe(false);
  }, 120_000);

  it("smtp: a taken SMTP_PORT ends the receiver in one line", async () => {
    const port = await occupiedPort();
    const result = tool("smtp.ts", { ...embedded(), SMTP_PORT: String(port) });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `SMTP receiver failed: Port ${port} is already in use: stop what listens there, or set SMTP_PORT to another port.`,
    );
  }, 120_000);

  it("npm start: a taken PORT is said in one line, before any build", async () => {
    const port = await occupiedPort();
    const result = run(["scripts/start.mjs"], { ...embedded(), PORT: String(port) });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`Port ${port} is already in use: stop what listens there, or set PORT to another port.`);
    expect(result.stdout).not.toContain("Building");
  }, 60_000);
});
