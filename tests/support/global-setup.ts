import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { makeTestKeys, startTestDns } from "./dns-server";

/** Drops the job queue schemas this run's test processes made (tests/support/setup.ts) on the shared PostgreSQL. */
async function dropTestJobSchemas(run: string): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>("SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)", [
      `jobs_test_${run}_`,
    ]);
    for (const { name } of rows) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * With DATABASE_URL set the suites share that PostgreSQL (every test makes its own user);
 * without it each test file gets an embedded PGlite in a temporary folder.
 */
export default async function setup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "paperboy-test-"));
  process.env.PAPERBOY_TEST_DATA_ROOT = dataDir;
  const run = randomBytes(4).toString("hex");
  process.env.PAPERBOY_TEST_RUN = run;
  // Sender authentication asks the tests' own DNS server, which serves the keys test mail is signed with (tests/support/dkim.ts).
  const keys = makeTestKeys();
  const dns = await startTestDns(keys);
  process.env.DNS_RESOLVER = dns.address;
  process.env.PAPERBOY_TEST_DKIM_KEY = keys.good;
  process.env.PAPERBOY_TEST_DKIM_WEAK_KEY = keys.weak;
  return async () => {
    await dns.close();
    rmSync(dataDir, { recursive: true, force: true });
    await dropTestJobSchemas(run);
  };
}
