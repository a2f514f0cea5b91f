/**
 * `npm run check:js`, after `npm run build`: the JavaScript each page makes a browser download before it can
 * run (its first-load chunks, as the build lists them in .next/diagnostics/route-bundle-stats.json), gzipped
 * as `next start` sends it. Fails when a page passes JS_BUDGET_KB, so a change that ships more is seen in CI.
 *
 * The floor is the framework: React DOM and Next's router alone are about 150 KB of the sign-in page's
 * total, so the budget is what the framework leaves, plus a margin that pages spend on their own code.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
// Just above the heaviest page as issue 34 left it (/emails/[emailId], 190.3 KB): a page that grows fails.
const BUDGET_KB = Number(process.env.JS_BUDGET_KB ?? 192);

type RouteStats = { route: string; firstLoadChunkPaths: string[] };

const sizes = new Map<string, number>();
function gzippedBytes(chunk: string): number {
  let size = sizes.get(chunk);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(root, chunk))).length;
    sizes.set(chunk, size);
  }
  return size;
}

function main(): number {
  let stats: RouteStats[];
  try {
    stats = JSON.parse(readFileSync(path.join(root, ".next", "diagnostics", "route-bundle-stats.json"), "utf8")) as RouteStats[];
  } catch {
    console.error("No build to measure: run `npm run build` first.");
    return 2;
  }
  const pages = stats
    .filter(({ route }) => !route.startsWith("/_"))
    .map(({ route, firstLoadChunkPaths }) => ({
      route,
      kb: firstLoadChunkPaths.reduce((sum, chunk) => sum + gzippedBytes(chunk), 0) / 1024,
    }))
    .sort((a, b) => b.kb - a.kb);
  const width = Math.max(...pages.map(({ route }) => route.length));
  console.log(`JavaScript per page, gzipped (budget ${BUDGET_KB} KB):`);
  for (const { route, kb } of pages)
    console.log(`  ${route.padEnd(width)}  ${kb.toFixed(1).padStart(6)} KB${kb > BUDGET_KB ? "  over budget" : ""}`);
  const over = pages.filter(({ kb }) => kb > BUDGET_KB);
  if (over.length) {
    console.error(
      `${over.length} page(s) ship more than ${BUDGET_KB} KB of JavaScript: split what first paint does not need (next/dynamic).`,
    );
    return 1;
  }
  return 0;
}

process.exit(main());
