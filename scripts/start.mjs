#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, then serve.
// Migrations run inside the server process at start (instrumentation.ts), on PGlite and PostgreSQL alike.
import "./load-env.mjs";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { existsSync, readdirSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { assertPortFree, bannerLine, readyLine, stopWithNpm, waitUntilAnswering } from "./lifecycle.mjs";

const root = path.resolve(import.meta.dirname, "..");
const buildId = path.join(root, ".next", "BUILD_ID");
const sources = [
  "app",
  "components",
  "lib",
  "db",
  "public",
  "instrumentation.ts",
  "instrumentation-node.ts",
  "proxy.ts",
  "next.config.ts",
  "package-lock.json",
  "postcss.config.mjs",
];

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((latest, name) => Math.max(latest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

function needsBuild() {
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return sources.some((source) => newestChange(path.join(root, source)) > built);
}

const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
const port = process.env.PORT || "3000";

// The build, then the server: a signal goes to whichever runs, so that neither outlives `npm start`.
let child;
// The server drains in at most 25 s and exits 0 (lib/worker/shutdown.ts); one still running at 30 s is stuck.
const stop = (signal) => {
  if (child?.exitCode !== null || child.signalCode !== null) return process.exit(1);
  child.kill(signal);
  setTimeout(() => child.kill("SIGKILL"), 30_000).unref();
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);
stopWithNpm(stop);

/** Runs node with `args`; with `logsAround`, its log lines go to its fd 3, this process's own stdout (LOG_FD). */
function run(args, stdout = "inherit", logsAround = false) {
  child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ["inherit", stdout, "inherit", ...(logsAround ? [1] : [])],
    env: logsAround ? { ...process.env, LOG_FD: "3" } : process.env,
  });
  return new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

/**
 * Serves, passing the server's output on without Next's banner; one line says where to go once it answers.
 * The server's log lines, one a request, go around that relay: it writes them to its fd 3, which is this
 * process's own stdout (relayed line by line, each cost a feed request some 0.06 ms of CPU more).
 */
function serve(args) {
  const exited = run(args, "pipe", true);
  const server = child;
  let networkUrl = null;
  createInterface({ input: server.stdout, crlfDelay: Infinity }).on("line", (line) => {
    const seen = bannerLine(line);
    networkUrl ??= seen.networkUrl;
    if (!seen.banner) console.log(line);
  });
  const running = () => server.exitCode === null && server.signalCode === null;
  waitUntilAnswering(`http://127.0.0.1:${port}/api/health`, running).then((answering) => {
    if (answering) console.log(readyLine(process.env.APP_URL || `http://localhost:${port}`, networkUrl));
  });
  return exited;
}

// Before a build of a minute or more, not after it.
try {
  await assertPortFree(port, "PORT");
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

if (needsBuild()) {
  console.log("Building Paperboy (first start, or the sources changed)...");
  const status = await run([next, "build"]);
  if (status !== 0) process.exit(status);
}

// On two cores, V8's helper threads (concurrent marking, parallel scavenges) compete with the requests
// themselves: filing newsletters at 8 at once went from about 37 to 41 messages/s with GC on the
// thread that allocates.
const nodeFlags = availableParallelism() <= 2 ? ["--single-threaded-gc"] : [];
process.exit(await serve([...nodeFlags, next, "start", "--port", port]));
