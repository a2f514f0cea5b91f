import "server-only";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const LOCK_FILE = "pglite.lock";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Claims the embedded database in `dataDir` for this process until it exits. PGlite has no locking of
 * its own: a second process opening the same folder writes over the first one's files. Throws one line
 * when a live process holds it; the lock of a process that died is taken over.
 */
export function lockEmbeddedDatabase(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      process.once("exit", () => {
        if (holderOf(file) === process.pid) rmSync(file, { force: true });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = holderOf(file);
    if (holder === process.pid) return;
    if (holder !== undefined && isRunning(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is open in another Paperboy process (pid ${holder}), and only one may open it: stop that one first, or set DATABASE_URL to a PostgreSQL they can share.`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}: ${file} keeps coming back.`);
}
