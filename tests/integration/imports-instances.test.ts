import "./imports-env";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { registerUser, useDatabase, type TestUser } from "../support/api";
import { killRunning } from "../support/processes";
import { importedNewsletter } from "./inbound-support";
import { mbox } from "../support/mbox";
import { freePort, hasBuild, multiProcess, startInstance, within } from "./instances-support";

// docs/contract.md 7.1: an import uploaded through one instance is filed by another that shares only the database.
useDatabase();
afterEach(killRunning);

function ownDataDir(kind: string): string {
  return mkdtempSync(path.join(process.env.PAPERBOY_TEST_DATA_ROOT ?? tmpdir(), `${kind}-`));
}

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  const { getDb } = await import("@/db/client");
  return ((await getDb().execute(text)) as unknown as { rows: T[] }).rows;
}

async function importState(importId: number) {
  const [row] = await query<{ status: string; filed: number; upload_key: string; chunks: number }>(sql`
    SELECT status, filed, upload_key, (SELECT count(*)::int FROM upload_chunk c WHERE c.upload_key = m.upload_key) AS chunks
    FROM mail_import m WHERE id = ${importId}`);
  return row;
}

async function subjectsOf(reader: TestUser): Promise<(string | null)[]> {
  const { getDb } = await import("@/db/client");
  const { email } = await import("@/db/schema");
  const rows = await getDb().select({ subject: email.subject }).from(email).where(eq(email.userId, reader.id));
  return rows.map((row) => row.subject).sort();
}

/** Every file under a data folder but the embedded database's (which a PostgreSQL instance never makes). */
const filesUnder = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }) : []);

describe.skipIf(!multiProcess)("an import across instances (needs DATABASE_URL)", () => {
  it("uploaded through this process, is filed by a worker with another DATA_DIR, and leaves no file and no chunk", async () => {
    const reader = await registerUser();
    const { POST } = await import("@/app/api/users/me/imports/route");
    const response = await POST(
      new Request(new URL("/api/users/me/imports", process.env.APP_URL), {
        method: "POST",
        headers: { cookie: reader.cookie, "content-type": "application/mbox" },
        body: new Uint8Array(mbox(["Across one", "Across two"].map((subject) => importedNewsletter(subject)))),
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: number };
    expect(filesUnder(process.env.DATA_DIR ?? "").filter((entry) => !entry.startsWith("pglite"))).toEqual([]);
    expect(await importState(id)).toMatchObject({ status: "running", chunks: 1 });

    const workerDir = ownDataDir("worker");
    const worker = startInstance("worker", { DATA_DIR: workerDir });
    await worker.waitFor(/running jobs/);
    await within(30_000, async () => (await importState(id))?.status === "done");
    expect(await importState(id)).toMatchObject({ status: "done", filed: 2, chunks: 0 });
    expect(await subjectsOf(reader)).toEqual(["Across one", "Across two"]);
    expect(filesUnder(workerDir)).toEqual([]);
  }, 90_000);

  it.skipIf(!hasBuild)(
    "uploaded to a web instance with WORKER=off, is filed by a worker with another DATA_DIR",
    async () => {
      const reader = await registerUser();
      const port = await freePort();
      const webDir = ownDataDir("web");
      startInstance("web", { PORT: String(port), APP_URL: `http://localhost:${port}`, WORKER: "off", DATA_DIR: webDir });
      const url = `http://127.0.0.1:${port}`;
      await within(60_000, async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok === true);
      const uploaded = await fetch(`${url}/api/users/me/imports`, {
        method: "POST",
        headers: { cookie: reader.cookie, "content-type": "application/mbox" },
        body: new Uint8Array(mbox([importedNewsletter("Through the web")])),
      });
      expect(uploaded.status).toBe(202);
      const { id } = (await uploaded.json()) as { id: number };
      expect(filesUnder(path.join(webDir, "imports"))).toEqual([]);

      const workerDir = ownDataDir("worker");
      const worker = startInstance("worker", { DATA_DIR: workerDir });
      await worker.waitFor(/running jobs/);
      await within(30_000, async () => (await importState(id))?.status === "done");
      expect(await importState(id)).toMatchObject({ status: "done", filed: 1, chunks: 0 });
      expect(await subjectsOf(reader)).toEqual(["Through the web"]);
      expect(filesUnder(workerDir)).toEqual([]);
    },
    120_000,
  );
});
