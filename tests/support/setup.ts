import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { useCheapPasswordHashing } from "./password-hashing";

process.env.APP_URL ??= "http://localhost:3000";
process.env.MAIL_DOMAIN ??= "paperboy.localhost";
// Request lines would bury the test output; warnings and errors still show.
process.env.LOG_LEVEL ??= "warn";
process.env.AUTH_SECRET ??= "test-secret-that-is-long-enough-for-better-auth";
process.env.DATA_DIR = mkdtempSync(path.join(process.env.PAPERBOY_TEST_DATA_ROOT ?? tmpdir(), "file-"));
useCheapPasswordHashing();

// Each test file gets its own copy of the run's migrated template, the job queue installed (global-setup.ts):
// its jobs and rows are its own, and the processes it starts (instances-support.ts) inherit DATABASE_URL.
const prefix = process.env.PAPERBOY_TEST_DATABASE_PREFIX;
if (prefix && process.env.DATABASE_URL) {
  const name = `${prefix}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${prefix}_template"`);
  } finally {
    await client.end();
  }
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else if (process.env.PAPERBOY_TEST_PGLITE_TEMPLATE) {
  cpSync(process.env.PAPERBOY_TEST_PGLITE_TEMPLATE, path.join(process.env.DATA_DIR, "pglite"), { recursive: true });
}
