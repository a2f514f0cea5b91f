import path from "node:path";
import { defineConfig } from "vitest/config";
import SlowestFirst from "./tests/support/slowest-first";

const root = import.meta.dirname;
// .ci/run asks for a JSON report beside the usual output, for its list of the slowest files (scripts/slowest-tests.ts).
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // Tests are the server: the guard that keeps server modules out of client bundles does not apply.
      "server-only": path.join(root, "tests/support/empty-module.ts"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "components/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    pool: "forks",
    // Most files wait on a database, a spawned server or a socket more than they compute: with two at once the
    // cores sat idle 40% of the run (vmstat), with three the run took 311 s instead of 361 s on a quiet 2-core
    // machine, and with four no less (283 s of Vitest's own count either way) and a 2-second cross-instance check failed.
    maxWorkers: 3,
    // The files that start servers and workers check timings a loaded machine can miss once: CI retries a failed
    // test once, as it does a journey (playwright.config.ts); a test that fails twice still fails the run.
    retry: process.env.CI ? 1 : 0,
    sequence: { sequencer: SlowestFirst },
    ...(reportDir && { reporters: ["default", "json"], outputFile: { json: path.join(reportDir, "vitest.json") } }),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
