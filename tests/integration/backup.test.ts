// First: it sets the inbound secret before lib/env is read.
import { deliver, mail, uniqueSender } from "./inbound-support";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { mbox } from "../support/mbox";

// The source, and each restore, is a database of this file's own: the suites share the test database.
const base = process.env.DATABASE_URL;
const run = `${process.pid}_${Math.floor(Math.random() * 1e6)}`;
const databases: string[] = [];
const urlOf = (name: string) => {
  const url = new URL(base ?? "postgres://localhost");
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin<T>(work: (client: Client) => Promise<T>, url = base): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createDatabase(label: string): Promise<string> {
  const name = `paperboy_backup_${label}_${run}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  databases.push(name);
  return urlOf(name);
}

beforeAll(async () => {
  if (!base) return;
  // Read when the app first loads its configuration, after this.
  process.env.DATABASE_URL = await createDatabase("source");
});
useDatabase();
afterAll(async () => {
  if (!base) return;
  const { closeDb } = await import("@/db/client");
  await closeDb();
  for (const name of databases) await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});

type Outcome = { code: number | null; stdout: string; stderr: string };

/** `npm run backup|restore -- FILE` as an operator runs it, on the given database. */
function npm(script: "backup" | "restore", file: string | undefined, database: { url?: string; dataDir?: string }): Promise<Outcome> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.url, DATA_DIR: database.dataDir ?? process.env.DATA_DIR };
  if (!database.url) delete env.DATABASE_URL;
  const child = spawn("npm", ["run", "-s", script, ...(file ? ["--", file] : [])], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

/**
 * Every table's rows as one digest, and the next id each sequence gives, to compare two databases. An
 * import's lease (and so its updated_at) is left out: a restore releases it, so that the import goes on at once.
 */
async function contents(url: string): Promise<Record<string, string>> {
  return admin(async (client) => {
    const tables = (await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1"))
      .rows;
    const digest: Record<string, string> = {};
    for (const { name } of tables) {
      const released = name === "mail_import" ? "ARRAY['lease_until', 'updated_at']" : "ARRAY[]::text[]";
      const { rows } = await client.query<{ n: string; sum: string }>(
        `SELECT count(*) AS n, md5(coalesce(string_agg((to_jsonb(t) - ${released})::text, '|' ORDER BY (to_jsonb(t) - ${released})::text), '')) AS sum FROM "${name}" t`,
      );
      digest[name] = `${rows[0]!.n} ${rows[0]!.sum}`;
    }
    const sequences = (await client.query<{ name: string }>("SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public'"))
      .rows;
    for (const { name } of sequences) {
      const { rows } = await client.query<{ next: string }>(
        `SELECT (CASE WHEN is_called THEN last_value + 1 ELSE last_value END)::text AS next FROM "${name}"`,
      );
      digest[`sequence ${name}`] = rows[0]!.next;
    }
    return digest;
  }, url);
}

async function canSignIn(url: string, reader: TestUser): Promise<boolean> {
  const hash = await admin(async (client) => {
    const { rows } = await client.query<{ password: string }>(
      `SELECT a.password FROM account a JOIN "user" u ON u.id = a.user_id WHERE u.email = $1 AND a.provider_id = 'credential'`,
      [reader.email],
    );
    return rows[0]?.password;
  }, url);
  if (hash === undefined) return false;
  // The app's own check of a password against its hash (the tests hash at a lower cost: tests/support/password-hashing.ts).
  const { getAuth } = await import("@/lib/auth/auth");
  return (await getAuth().$context).password.verify({ hash, password: reader.password });
}

async function feedOf(url: string, reader: TestUser): Promise<string[]> {
  return admin(async (client) => {
    const { rows } = await client.query<{ subject: string }>(
      `SELECT e.subject FROM email e JOIN "user" u ON u.id = e.user_id WHERE u.email = $1 ORDER BY e.id`,
      [reader.email],
    );
    return rows.map((row) => row.subject);
  }, url);
}

describe.runIf(base)("npm run backup and npm run restore (needs DATABASE_URL)", () => {
  let folder: string;
  let file: string;
  let reader: TestUser;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "paperboy-backup-test-"));
    file = path.join(folder, "paperboy.backup.gz");
    // Imported here, once DATABASE_URL names the source: the app reads it as it loads.
    const { PUT: interact } = await import("@/app/api/issues/[emailId]/interactions/route");
    const { POST: addToFolder } = await import("@/app/api/users/me/folders/[folderId]/emails/route");
    const { POST: createFolder } = await import("@/app/api/users/me/folders/route");
    const { POST: createToken } = await import("@/app/api/users/me/tokens/route");
    const { POST: createWebhook } = await import("@/app/api/users/me/webhooks/route");
    reader = await registerUser("Backed Up Reader");
    // Each email's delivery keeps its payload as the text it is signed and sent as: a restore keeps its bytes.
    const hook = await call(createWebhook, "/api/users/me/webhooks", {
      method: "POST",
      cookie: reader.cookie,
      body: { url: "https://93.184.216.34/paperboy", events: ["email.received"] },
    });
    expect(hook.status).toBe(201);
    const sender = uniqueSender();
    const ids: number[] = [];
    for (const subject of ["First issue", "Second issue", "Third issue"]) {
      const delivered = await deliver(mail({ to: reader.unique_email, from: `Kept Letter <${sender}>`, subject }));
      ids.push(...(delivered.body as { emails: number[] }).emails);
    }
    // Queued just after each filing, without the filing waiting for it.
    await vi.waitFor(
      async () => {
        const queued = await admin(
          async (client) => (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_delivery")).rows[0]!.n,
          process.env.DATABASE_URL,
        );
        expect(queued).toBe(3);
      },
      { timeout: 10_000, interval: 100 },
    );
    await call(interact, `/api/issues/${ids[0]}/interactions`, {
      method: "PUT",
      cookie: reader.cookie,
      body: { is_liked: true },
      params: { emailId: String(ids[0]) },
    });
    const kept = (await call(createFolder, "/api/users/me/folders", { method: "POST", cookie: reader.cookie, body: { name: "Keep" } }))
      .body as {
      id: number;
    };
    await call(addToFolder, `/api/users/me/folders/${kept.id}/emails`, {
      method: "POST",
      cookie: reader.cookie,
      body: { email_id: ids[1] },
      params: { folderId: String(kept.id) },
    });
    expect(
      (await call(createToken, "/api/users/me/tokens", { method: "POST", cookie: reader.cookie, body: { name: "Reeder", scope: "read" } }))
        .status,
    ).toBe(201);
    // An import in flight: its upload is rows of upload_chunk, its job is in the queue (which a backup leaves out).
    const { POST: postImport } = await import("@/app/api/users/me/imports/route");
    const upload = mbox([mail({ to: reader.unique_email, from: sender, subject: "Imported issue" })]);
    const started = await postImport(
      new Request(new URL("/api/users/me/imports", process.env.APP_URL), {
        method: "POST",
        headers: { cookie: reader.cookie, "content-type": "application/mbox" },
        body: new Uint8Array(upload),
      }),
      { params: Promise.resolve({}) },
    );
    expect(started.status).toBe(202);
  }, 60_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("restores into an empty PostgreSQL database every row, the reader's password and feed, and sequences past every id", async () => {
    const source = process.env.DATABASE_URL!;
    const before = await contents(source);
    expect(before.upload_chunk).toMatch(/^1 /);
    expect(before.mail_import).toMatch(/^1 /);
    expect(before.email_like).toMatch(/^1 /);
    expect(before.folder_email).toMatch(/^1 /);
    expect(before.access_token).toMatch(/^1 /);
    expect(before.webhook_delivery).toMatch(/^3 /);

    const backedUp = await npm("backup", file, { url: source });
    expect(backedUp).toMatchObject({ code: 0, stderr: "" });
    expect(backedUp.stdout).toMatch(/^Backed up \d+ rows from \d+ tables to /);

    const target = await createDatabase("target");
    const restored = await npm("restore", file, { url: target });
    expect(restored).toMatchObject({ code: 0, stderr: "" });
    expect(restored.stdout).toMatch(/^Restored \d+ rows into \d+ tables from .+; 1 running import queued again\.\n$/);
    const queued = await admin(
      async (client) =>
        (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${process.env.JOBS_SCHEMA}".job WHERE name = 'mail-import'`))
          .rows[0]!.n,
      target,
    );
    expect(queued).toBe(1);

    expect(await contents(target)).toEqual(before);
    expect(await canSignIn(target, reader)).toBe(true);
    expect(await feedOf(target, reader)).toEqual(["First issue", "Second issue", "Third issue"]);
    // A new account after the restore takes an id after every restored one.
    const next = await admin(async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO "user" (name, email, email_verified, username, unique_local, created_at, updated_at)
         VALUES ('After', 'after-restore@example.com', true, 'after_restore', 'after-restore', now(), now()) RETURNING id`,
      );
      return rows[0]!.id;
    }, target);
    const highest = await admin(
      async (client) => (await client.query<{ id: number }>(`SELECT max(id) AS id FROM "user"`)).rows[0]!.id,
      source,
    );
    expect(next).toBeGreaterThan(highest);

    // Once more into the same database: refused, in one line, with nothing changed.
    const again = await npm("restore", file, { url: target });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^restore: The database is not empty \(.+\); restore only into an empty database\n$/);
  }, 180_000);

  it("carries a PostgreSQL backup through the embedded database and back unchanged", async () => {
    const dataDir = path.join(folder, "embedded");
    const intoEmbedded = await npm("restore", file, { dataDir });
    expect(intoEmbedded).toMatchObject({ code: 0, stderr: "" });
    const fromEmbedded = path.join(folder, "embedded.backup.gz");
    const backedUp = await npm("backup", fromEmbedded, { dataDir });
    expect(backedUp).toMatchObject({ code: 0, stderr: "" });

    const target = await createDatabase("embedded");
    expect(await npm("restore", fromEmbedded, { url: target })).toMatchObject({ code: 0, stderr: "" });
    expect(await contents(target)).toEqual(await contents(process.env.DATABASE_URL!));
    expect(await canSignIn(target, reader)).toBe(true);
  }, 240_000);

  it("refuses a missing FILE, an unreadable file or folder, a file that is not a backup, one cut short and a FILE it cannot write, in one line with exit code 1", async () => {
    const target = await createDatabase("refusals");
    const garbage = path.join(folder, "garbage.gz");
    writeFileSync(garbage, "not a backup at all\n");
    const whole = readFileSync(file);
    const cut = path.join(folder, "cut.gz");
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));

    const outcomes: Outcome[] = [];
    // One after another: the machine's cores are shared.
    for (const [script, argument] of [
      ["restore", undefined],
      ["backup", undefined],
      ["restore", path.join(folder, "absent.gz")],
      ["restore", garbage],
      ["restore", cut],
      ["restore", folder],
      ["backup", path.join(folder, "absent", "x.gz")],
    ] as const)
      outcomes.push(await npm(script, argument, { url: target }));
    expect(outcomes.map(({ code, stderr }) => ({ code, stderr }))).toEqual([
      { code: 1, stderr: "restore: Missing FILE: npm run restore -- FILE\n" },
      { code: 1, stderr: "backup: Missing FILE: npm run backup -- FILE\n" },
      { code: 1, stderr: `restore: Cannot read ${path.join(folder, "absent.gz")}\n` },
      { code: 1, stderr: expect.stringMatching(/^restore: .*garbage\.gz is not a Paperboy backup.*\n$/) as string },
      { code: 1, stderr: expect.stringMatching(/^restore: .*cut\.gz (is not a Paperboy backup|is cut short).*\n$/) as string },
      { code: 1, stderr: `restore: Cannot read ${folder}\n` },
      {
        code: 1,
        stderr: `backup: Could not write ${path.join(folder, "absent", "x.gz")}: ENOENT: no such file or directory, open '${path.join(folder, "absent", "x.gz.part")}'\n`,
      },
    ]);
    // The cut file loaded nothing: the target is still empty, and a whole backup restores into it.
    expect(await npm("restore", file, { url: target })).toMatchObject({ code: 0, stderr: "" });
  }, 240_000);
});
