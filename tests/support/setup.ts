import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

process.env.APP_URL ??= "http://localhost:3000";
process.env.MAIL_DOMAIN ??= "paperboy.localhost";
// Request lines would bury the test output; warnings and errors still show.
process.env.LOG_LEVEL ??= "warn";
process.env.AUTH_SECRET ??= "test-secret-that-is-long-enough-for-better-auth";
process.env.DATA_DIR = mkdtempSync(path.join(process.env.PAPERBOY_TEST_DATA_ROOT ?? tmpdir(), "file-"));
// Each test process keeps its jobs apart on a shared PostgreSQL, so one file's runDueJobs never runs
// another's (global-setup.ts drops these schemas).
process.env.JOBS_SCHEMA = `jobs_test_${process.env.PAPERBOY_TEST_RUN}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
