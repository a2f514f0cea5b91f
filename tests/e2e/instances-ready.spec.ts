import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { Client } from "pg";
import { startInstance, type Instance } from "../support/instances";
import { freePort, root } from "../support/processes";

// Three app processes started at once on a database nobody has migrated, as `docker compose up
// --scale app=3` starts them: one migrates, the others wait for it, and all are ready (docs/contract.md 7.7).
test.skip(!process.env.DATABASE_URL, "needs DATABASE_URL: several instances share a PostgreSQL database");

const database = `paperboy_ready_${Date.now().toString(36)}`;
const adminUrl = () => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = "/postgres";
  return url.toString();
};
const emptyUrl = () => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
};
let instances: Instance[] = [];

async function onDatabase<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  await onDatabase(adminUrl(), (client) => client.query(`CREATE DATABASE ${database}`));
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await onDatabase(adminUrl(), (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
});

test("three instances started at once on an empty database migrate it once and are all ready; one missing migration makes them unready", async () => {
  test.setTimeout(180_000);
  const ports = [await freePort(), await freePort(), await freePort()];
  instances = await Promise.all(
    ports.map((port) => startInstance({ port, startTimeoutMs: 150_000, env: { DATABASE_URL: emptyUrl(), WORKER: "off" } })),
  );
  for (const instance of instances) {
    const response = await fetch(`${instance.url}/api/health/ready`);
    expect(response.status, instance.output()).toBe(200);
    expect(await response.json()).toEqual({ status: "ready" });
  }

  const journal = JSON.parse(readFileSync(path.join(root, "db", "migrations", "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  const applied = await onDatabase(emptyUrl(), async (client) => {
    const { rows } = await client.query<{ count: string; distinct: string }>(
      "SELECT count(*) AS count, count(DISTINCT hash) AS distinct FROM drizzle.__drizzle_migrations",
    );
    return rows[0];
  });
  expect(applied).toEqual({ count: String(journal.entries.length), distinct: String(journal.entries.length) });

  // A database behind the build (the last migration not applied) is not ready, though it answers.
  await onDatabase(emptyUrl(), (client) =>
    client.query("DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)"),
  );
  const [first] = instances;
  const unready = await fetch(`${first.url}/api/health/ready`);
  expect(unready.status).toBe(503);
  expect(await unready.json()).toEqual({ detail: "The database is not migrated yet." });
  expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
});
