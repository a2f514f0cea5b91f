import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

process.env.APP_URL ??= "http://localhost:3000";
process.env.MAIL_DOMAIN ??= "paperboy.localhost";
process.env.AUTH_SECRET ??= "test-secret-that-is-long-enough-for-better-auth";
process.env.DATA_DIR = mkdtempSync(path.join(process.env.PAPERBOY_TEST_DATA_ROOT ?? tmpdir(), "file-"));
