/**
 * `npm run deps`: fails when lib/ imports app/ or the lib/* domains import each other in a cycle
 * (scripts/lib-imports.ts). `npm run deps` then runs knip (knip.json: exports and types only), which fails
 * on an export no other file reads, tests included; Next.js's, Vitest's and Playwright's conventional
 * exports are known to its plugins, and lib/pwa/sw.ts (bundled by name) is an entry.
 */
import { fileURLToPath } from "node:url";
import { libImportProblems } from "./lib-imports";

const { problems, domains } = libImportProblems(fileURLToPath(new URL("..", import.meta.url)));
if (problems.length === 0) {
  console.log(`lib/ imports nothing of app/, and no import cycle among the ${domains} lib/* domains.`);
} else {
  for (const problem of problems) console.error(problem);
  process.exitCode = 1;
}
