import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockEmbeddedDatabase } from "./embedded-lock";

const children: { kill: () => void }[] = [];
afterEach(() => children.splice(0).forEach((child) => child.kill()));

function freshDir(): string {
  return mkdtempSync(path.join(tmpdir(), "paperboy-lock-"));
}

/** A process that is alive until the test ends, standing in for a running server. */
function otherProcess(): number {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(child);
  return child.pid ?? 0;
}

/** A pid that belonged to a process which has exited: a server that was killed. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout);
}

describe("lockEmbeddedDatabase", () => {
  it("refuses, in one line, a folder another live process holds", () => {
    const dir = freshDir();
    const holder = otherProcess();
    writeFileSync(path.join(dir, "pglite.lock"), `${holder}\n`);
    expect(() => lockEmbeddedDatabase(dir)).toThrow(
      `The embedded database in ${dir} is open in another Paperboy process (pid ${holder}), and only one may open it: stop that one first, or set DATABASE_URL to a PostgreSQL they can share.`,
    );
    expect(readFileSync(path.join(dir, "pglite.lock"), "utf8")).toBe(`${holder}\n`);
  });

  it("takes over the lock a killed process left behind", () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, "pglite.lock"), `${deadPid()}\n`);
    lockEmbeddedDatabase(dir);
    expect(readFileSync(path.join(dir, "pglite.lock"), "utf8")).toBe(`${process.pid}\n`);
  });

  it("creates the folder, and lets the same process lock it twice", () => {
    const dir = path.join(freshDir(), "nested", ".data");
    lockEmbeddedDatabase(dir);
    lockEmbeddedDatabase(dir);
    expect(readFileSync(path.join(dir, "pglite.lock"), "utf8")).toBe(`${process.pid}\n`);
  });

  it("is released when its process exits, so the next start finds the folder free", () => {
    const dir = freshDir();
    const script = `import { lockEmbeddedDatabase } from ${JSON.stringify(path.resolve("lib/embedded-lock.ts"))}; lockEmbeddedDatabase(${JSON.stringify(dir)});`;
    const run = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  });
});
