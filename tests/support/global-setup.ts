import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { makeTestKeys, startTestDns } from "./dns-server";
import { root } from "./processes";

/** The job queue's schema in the template, and so in every test file's database. */
const JOBS_SCHEMA = "jobs_test";

async function onServer<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Migrates the template and installs the job queue in it, in a process of its own (tests/support/prepare-template.ts). */
async function prepareTemplate(env: Record<string, string>): Promise<void> {
  const script = path.join(root, "tests", "support", "prepare-template.ts");
  await promisify(execFile)(process.execPath, ["--conditions=react-server", "--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "warn", JOBS_SCHEMA, ...env },
  });
}

/** Drops the template and every test file's copy of it (tests/support/setup.ts) on the shared PostgreSQL. */
async function dropTestDatabases(base: string, prefix: string): Promise<void> {
  await onServer(base, async (client) => {
    const { rows } = await client.query<{ name: string }>("SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)", [
      prefix,
    ]);
    for (const { name } of rows) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/**
 * One migrated database with the job queue installed, made once per run, which each test file copies
 * (tests/support/setup.ts): with DATABASE_URL a PostgreSQL template database, cloned per file with
 * CREATE DATABASE ... TEMPLATE; without it an embedded PGlite folder, copied per file.
 */
export default async function setup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "paperboy-test-"));
  process.env.PAPERBOY_TEST_DATA_ROOT = dataDir;
  process.env.JOBS_SCHEMA = JOBS_SCHEMA;
  const run = randomBytes(4).toString("hex");
  const base = process.env.DATABASE_URL;
  // Under 63 bytes with the copies' suffix: PostgreSQL cuts longer names.
  const prefix = `${new URL(base ?? "postgres://localhost/paperboy").pathname.slice(1, 24)}_t${run}`;
  if (base) {
    const template = `${prefix}_template`;
    await onServer(base, (client) => client.query(`CREATE DATABASE "${template}"`));
    await prepareTemplate({ DATABASE_URL: databaseUrl(base, template) });
    process.env.PAPERBOY_TEST_DATABASE_PREFIX = prefix;
  } else {
    const templateDir = path.join(dataDir, "template");
    await prepareTemplate({ DATA_DIR: templateDir });
    process.env.PAPERBOY_TEST_PGLITE_TEMPLATE = path.join(templateDir, "pglite");
  }
  // Sender authentication asks the tests' own DNS server, which serves the keys test mail is signed with (tests/support/dkim.ts).
  const keys = makeTestKeys();
  const dns = await startTestDns(keys);
  process.env.DNS_RESOLVER = dns.address;
  process.env.PAPERBOY_TEST_DKIM_KEY = keys.good;
  process.env.PAPERBOY_TEST_DKIM_WEAK_KEY = keys.weak;
  return async () => {
    await dns.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (base) await dropTestDatabases(base, prefix);
  };
}
