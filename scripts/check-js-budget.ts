/**
 * `npm run check:js`, after `npm run build`: the JavaScript each page makes a browser download before it can
 * run (its first-load chunks, as the build lists them in .next/diagnostics/route-bundle-stats.json), gzipped
 * as `next start` sends it. Fails when a page ships more than JS_BUDGET_RATIO times the sign-in page of the
 * same build (issue 41: 1.1), so a change that ships more is seen in CI, whatever the framework's own share.
 *
 * The sign-in page is the baseline because it is the framework plus one form: what a page carries beyond
 * it is its own code, and a signed-in page's dialogs, menus and panels load when opened (lazyComponent of
 * components/ui/lazy-component.tsx).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
const BASELINE_ROUTE = "/login";
const BUDGET_RATIO = Number(process.env.JS_BUDGET_RATIO ?? 1.1);

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
  const baseline = pages.find(({ route }) => route === BASELINE_ROUTE);
  if (!baseline) {
    console.error(`The build has no ${BASELINE_ROUTE} page to measure the others against.`);
    return 2;
  }
  const budgetKb = baseline.kb * BUDGET_RATIO;
  const width = Math.max(...pages.map(({ route }) => route.length));
  console.log(
    `JavaScript per page, gzipped (budget ${BUDGET_RATIO}x the sign-in page's ${baseline.kb.toFixed(1)} KB = ${budgetKb.toFixed(1)} KB):`,
  );
  for (const { route, kb } of pages)
    console.log(
      `  ${route.padEnd(width)}  ${kb.toFixed(1).padStart(6)} KB  ${`${(kb / baseline.kb).toFixed(2)}x`.padStart(6)}${kb > budgetKb ? "  over budget" : ""}`,
    );
  const over = pages.filter(({ kb }) => kb > budgetKb);
  for (const { route, kb } of over)
    console.error(
      `${route} ships ${kb.toFixed(1)} KB of JavaScript, ${(kb / baseline.kb).toFixed(2)}x the sign-in page's ${baseline.kb.toFixed(1)} KB (budget ${BUDGET_RATIO}x): load what its first paint does not need when it is needed (lazyComponent, import()).`,
    );
  return over.length ? 1 : 0;
}

process.exit(main());
