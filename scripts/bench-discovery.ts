// `npm run bench:discovery`: seeds 10,000 private mail-created newsletters beside the catalog into a
// PostgreSQL database of its own (once), serves the production build against it, and measures every
// discovery list beside GET /api/health, the framework's ceiling.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { ensureDatabase, measure, printTable, root, signInReader, startServer } from "./bench/harness";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/paperboy_bench_discovery";
const port = Number(process.env.BENCH_PORT ?? 3301);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 16;
const base = `http://127.0.0.1:${port}`;
const reader = { name: "Discovery Reader", email: "discovery-reader@bench.example", password: "bench-password" };

/** Seeds once; answers the id of the category with the most newsletters. */
async function seedOnce(readerId: number): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM newsletter WHERE name LIKE 'Private Bench Letter %'",
  );
  if ((rows[0]?.count ?? 0) >= 10_000) {
    console.log(`Using the ${rows[0]!.count} private newsletters seeded before.`);
  } else {
    console.log("Seeding 10,000 private newsletters and their readers (once; a minute or two)...");
    const started = Date.now();
    const sql = readFileSync(path.join(root, "scripts", "bench", "discovery-seed.sql"), "utf8").replaceAll(":reader", String(readerId));
    await client.query(sql);
    await client.query("VACUUM ANALYZE");
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  }
  const { rows: categories } = await client.query<{ id: number }>(
    "SELECT category_id AS id FROM newsletter_category GROUP BY category_id ORDER BY count(*) DESC LIMIT 1",
  );
  await client.end();
  return categories[0]?.id ?? 1;
}

async function main(): Promise<void> {
  await ensureDatabase(databaseUrl);
  const server = await startServer(
    { DATABASE_URL: databaseUrl, APP_URL: base, AUTH_SECRET: "bench-secret-bench-secret-bench-secret" },
    port,
  );
  try {
    const { cookie, id } = await signInReader(base, reader);
    const categoryId = await seedOnce(id);
    const options = { cookie, connections, seconds };
    const health = await measure("GET /api/health", `${base}/api/health`, { connections, seconds });
    const scenarios: [string, string][] = [
      ["featured", "/api/newsletters/featured"],
      ["trending newsletters", "/api/newsletters/trending"],
      ["recommended", "/api/newsletters/recommended"],
      ["category (largest)", `/api/newsletters/category/${categoryId}`],
      ["search, exact", "/api/newsletters/search?q=stratechery"],
      ["search, typo", "/api/newsletters/search?q=pragmatic%20enginer"],
      ["search, words", "/api/newsletters/search?q=weekly%20tech%20news"],
      ["newsletter detail", "/api/newsletters/1"],
      ["recent issues", "/api/newsletters/1/recent_issues"],
      ["trending issues", "/api/issues/trending"],
    ];
    const rows = [health];
    for (const [name, url] of scenarios) rows.push(await measure(name, `${base}${url}`, options));
    console.log(`\nCatalog plus 10,000 private newsletters; ${connections} connections, ${seconds} s each.\n`);
    printTable(rows, health);
  } finally {
    server.kill("SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
