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
    // Most files wait on a database, a spawned server or a socket more than they compute: two at once keep two cores
    // busy (Vitest's default there is one at a time). Three were faster still on a quiet machine, but under a load
    // of 20-30 the suites that start servers and workers timed out.
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirst },
    ...(reportDir && { reporters: ["default", "json"], outputFile: { json: path.join(reportDir, "vitest.json") } }),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
