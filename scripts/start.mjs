#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, then serve.
// Migrations run inside the server process at start (instrumentation.ts), on PGlite and PostgreSQL alike.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildId = path.join(root, ".next", "BUILD_ID");
const sources = ["app", "components", "lib", "db", "public", "instrumentation.ts", "proxy.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs"];

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

if (needsBuild()) {
  console.log("Building Paperboy (first start, or the sources changed)...");
  const build = spawnSync(process.execPath, [next, "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT || "3000";
// On two cores, V8's helper threads (concurrent marking, parallel scavenges) compete with the requests
// themselves: filing newsletters at 8 at once went from about 37 to 41 messages/s with GC on the
// thread that allocates.
const nodeFlags = availableParallelism() <= 2 ? ["--single-threaded-gc"] : [];
const server = spawn(process.execPath, [...nodeFlags, next, "start", "--port", port], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
