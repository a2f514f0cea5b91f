// Where the log lines go: stdout, or the descriptor LOG_FD names (npm start's own stdout, past its relay).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..");
const LOG_ONE_LINE = `import { logger } from "./lib/observability/log.ts"; logger.info({ route: "/feed" }, "request");`;

/** What a process that logs one line writes on its stdout and on its fd 3. */
function logOneLine(env: Record<string, string>): { stdout: string; fd3: string } {
  const result = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "--input-type=module", "-e", LOG_ONE_LINE], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe", "pipe"],
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return { stdout: result.output[1] ?? "", fd3: result.output[3] ?? "" };
}

describe("the log's destination", () => {
  it("is stdout unless LOG_FD names another", () => {
    const { stdout, fd3 } = logOneLine({ LOG_FD: "" });
    expect(JSON.parse(stdout)).toMatchObject({ level: "info", route: "/feed", msg: "request" });
    expect(fd3).toBe("");
  }, 60_000);

  it("is the descriptor LOG_FD names, and nothing of it reaches stdout", () => {
    const { stdout, fd3 } = logOneLine({ LOG_FD: "3" });
    expect(JSON.parse(fd3)).toMatchObject({ level: "info", route: "/feed", msg: "request" });
    expect(stdout).toBe("");
  }, 60_000);
});
