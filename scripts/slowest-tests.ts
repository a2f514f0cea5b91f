// `.ci/run` at its end: the ten slowest test files of Vitest and of Playwright, from the JSON reports both
// write into TEST_REPORT_DIR (vitest.config.ts, playwright.config.ts), so each round sees where the time goes.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

type VitestReport = { testResults: { name: string; startTime: number; endTime: number }[] };
type PlaywrightSuite = { file: string; specs?: { tests: { results: { duration: number }[] }[] }[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = { suites: PlaywrightSuite[] };

const SHOWN = 10;
const directory = process.env.TEST_REPORT_DIR ?? process.argv[2];
if (!directory) throw new Error("Name the report folder: TEST_REPORT_DIR or the first argument");

function read<T>(file: string): T | null {
  const full = path.join(directory!, file);
  return existsSync(full) ? (JSON.parse(readFileSync(full, "utf8")) as T) : null;
}

function print(title: string, seconds: Map<string, number>): void {
  const slowest = [...seconds].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  console.log(`== The ${slowest.length} slowest ${title}`);
  for (const [file, value] of slowest) console.log(`${value.toFixed(1).padStart(8)} s  ${file}`);
}

const vitest = read<VitestReport>("vitest.json");
if (vitest) {
  const root = process.cwd() + path.sep;
  print(
    "Vitest files (wall seconds of each file)",
    new Map(vitest.testResults.map((file) => [file.name.replace(root, ""), (file.endTime - file.startTime) / 1000])),
  );
}

/** Seconds of every attempt of every test in the suite and the suites inside it. */
function suiteSeconds(suite: PlaywrightSuite): number {
  const own = (suite.specs ?? [])
    .flatMap((spec) => spec.tests.flatMap((test) => test.results))
    .reduce((sum, result) => sum + result.duration, 0);
  return own / 1000 + (suite.suites ?? []).reduce((sum, inner) => sum + suiteSeconds(inner), 0);
}

const playwright = read<PlaywrightReport>("playwright.json");
if (playwright) {
  const seconds = new Map<string, number>();
  for (const suite of playwright.suites) seconds.set(suite.file, (seconds.get(suite.file) ?? 0) + suiteSeconds(suite));
  print("Playwright files (seconds of their journeys, retries included)", seconds);
}
