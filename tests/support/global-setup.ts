import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * With DATABASE_URL set the suites share that PostgreSQL (every test makes its own user);
 * without it each test file gets an embedded PGlite in a temporary folder.
 */
export default function setup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "paperboy-test-"));
  process.env.PAPERBOY_TEST_DATA_ROOT = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}
