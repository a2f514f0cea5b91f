import "server-only";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { Client, Pool, type QueryConfig } from "pg";
import { dataPath, env } from "@/lib/env";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

type Connection = (
  | { kind: "pg"; pool: Pool; db: ReturnType<typeof drizzlePg<typeof schema>> }
  | { kind: "pglite"; client: PGlite; db: ReturnType<typeof drizzlePglite<typeof schema>> }
) & { stopListening: (() => Promise<void>)[] };

const migrationsFolder = path.join(process.cwd(), "db", "migrations");
// An arbitrary constant naming the lock that keeps two processes from migrating at once.
const MIGRATION_LOCK = 727_274_001;

// Kept on globalThis so Next's dev reloads and test re-imports share one connection.
const holder = globalThis as typeof globalThis & { paperboyDb?: Connection; paperboyReady?: Promise<void> };

// Statement texts the server keeps parsed and planned, per connection; past this many distinct texts (a
// query built with a varying number of parameters, say) new ones run unnamed, as before.
const MAX_NAMED_STATEMENTS = 500;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `paperboy_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Every parameterized query becomes a named prepared statement: PostgreSQL parses and plans each text
 * once per connection instead of at every execution, which was a fifth of its work filing a message.
 */
class PreparingClient extends Client {
  // @ts-expect-error -- pg's overloads cannot be restated one by one; this forwards every form unchanged.
  override query(config: unknown, values?: unknown, callback?: unknown) {
    const query = config as QueryConfig;
    if (
      typeof query === "object" &&
      query !== null &&
      typeof query.text === "string" &&
      !query.name &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = statementName(query.text);
      if (name) return super.query({ ...query, name } as never, values as never, callback as never);
    }
    return super.query(config as never, values as never, callback as never);
  }
}

function connect(): Connection {
  if (env.DATABASE_URL) {
    // JIT off: it compiles any plan whose estimate passes jit_above_cost, and on small tables without statistics
    // (a new database) the feed's estimate reaches millions: 0.6 s of compiling, 4 s under load, for a query that
    // runs in under a millisecond. Paperboy's statements are short; compiling them never pays.
    const pool = new Pool({
      connectionString: env.DATABASE_URL,
      max: env.DATABASE_POOL_SIZE,
      options: "-c jit=off",
      Client: PreparingClient as typeof Client,
    });
    // An idle connection the server drops (a restart, a failover) is an error event: without a listener it
    // would end the process. The pool replaces it; queries meanwhile fail and answer 503 (lib/route.ts).
    pool.on("error", (error) => console.error(`Database connection lost: ${error.message}`));
    return { kind: "pg", pool, db: drizzlePg(pool, { schema }), stopListening: [] };
  }
  const client = new PGlite(dataPath("pglite"), { extensions: { btree_gin, pg_trgm } });
  return { kind: "pglite", client, db: drizzlePglite(client, { schema }), stopListening: [] };
}

function connection(): Connection {
  holder.paperboyDb ??= connect();
  return holder.paperboyDb;
}

/** The database, opened on first use: PostgreSQL when DATABASE_URL is set, else embedded PGlite. */
export function getDb(): Database {
  return connection().db as unknown as Database;
}

async function migrate(conn: Connection): Promise<void> {
  if (conn.kind === "pglite") {
    await migratePglite(conn.db, { migrationsFolder });
    return;
  }
  const client = await conn.pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** Applies pending migrations once per process; safe to call from every entry point. */
export function prepareDatabase(): Promise<void> {
  holder.paperboyReady ??= migrate(connection());
  return holder.paperboyReady;
}

export async function pingDatabase(): Promise<boolean> {
  try {
    await getDb().execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

let lastMigration: number | undefined;

/**
 * Whether the database holds every migration this build ships (readiness, docs/contract.md 7.7): the migrator
 * records each one's journal time, and applies in order, so the latest recorded must be the last shipped.
 */
export async function migrationsApplied(): Promise<boolean> {
  lastMigration ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));
  try {
    const result = (await getDb().execute(sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`)) as unknown as {
      rows: Array<{ last: string | number | null }>;
    };
    return Number(result.rows[0]?.last ?? 0) >= lastMigration;
  } catch {
    // No migration table yet: nothing is applied.
    return false;
  }
}

/**
 * Runs SQL on this process's connection for the job queue (pg-boss's `db.executeSql` adapter), so jobs
 * share the pool, or PGlite's single connection, instead of opening their own. pg-boss sends whole
 * scripts (BEGIN; ...; COMMIT) without values: PGlite runs those with exec, which allows several statements.
 */
export async function executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> {
  const conn = connection();
  if (conn.kind === "pg") {
    const result: unknown = await conn.pool.query(text, values);
    // A script answers one result per statement; pg-boss reads rows only from single statements.
    const last = (Array.isArray(result) ? result.at(-1) : result) as { rows?: Record<string, unknown>[] } | undefined;
    return { rows: last?.rows ?? [] };
  }
  if (values && values.length > 0) return conn.client.query<Record<string, unknown>>(text, values);
  const results = await conn.client.exec(text);
  return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
}

/** What a LISTEN hears: each notification's payload, and `lost` whenever notifications may have been missed. */
export type NotificationHandlers = { notify(payload: string): void; lost(): void };

/** A LISTEN on the open database; `live` while every notification sent on its channel reaches `notify`. */
export type Listening = { readonly live: boolean };

// How long to wait before listening again after the listening connection failed.
const RELISTEN_MS = 1_000;

type Subscription = { channel: string; handlers: NotificationHandlers; state: { live: boolean } };

/** This process's one listening connection on PostgreSQL, shared by every channel it listens on. */
type Listener = { subscriptions: Subscription[]; client?: Client; connected?: Client; fail?: () => void; closed: boolean };

const listeners = new WeakMap<Pool, Listener>();

function openListener(listener: Listener): void {
  // Named, so that an operator (or a test) can tell it from the pool's connections in pg_stat_activity.
  const client = new Client({ connectionString: env.DATABASE_URL, keepAlive: true, application_name: `paperboy listen ${process.pid}` });
  listener.client = client;
  const fail = () => {
    if (listener.client !== client) return;
    listener.client = undefined;
    listener.connected = undefined;
    for (const { state, handlers } of listener.subscriptions) {
      state.live = false;
      handlers.lost();
    }
    client.end().catch(() => undefined);
    if (!listener.closed) setTimeout(() => openListener(listener), RELISTEN_MS).unref();
  };
  listener.fail = fail;
  client.on("error", fail);
  client.on("end", fail);
  client.on("notification", (message) => {
    for (const { channel, handlers } of listener.subscriptions) if (message.channel === channel) handlers.notify(message.payload ?? "");
  });
  client.connect().then(() => {
    if (listener.client !== client) return;
    listener.connected = client;
    for (const subscription of listener.subscriptions) subscribe(listener, client, subscription, fail);
  }, fail);
}

/** LISTEN (again: PostgreSQL ignores a repeat) on the connection; the subscription is live once it answered. */
function subscribe(listener: Listener, client: Client, subscription: Subscription, fail: () => void): void {
  client.query(`LISTEN "${subscription.channel.replace(/"/g, "")}"`).then(() => {
    subscription.state.live = listener.connected === client;
  }, fail);
}

/**
 * Listens on `channel` until the database is closed. On PostgreSQL every channel of the process shares
 * one connection of its own (the pool's connections come and go), opened again after any error; in
 * between `live` is false and `lost` was called, since whatever was sent meanwhile is gone. PGlite is
 * this process's own database and hands over a notification before the statement that sent it returns.
 */
export function listen(channel: string, handlers: NotificationHandlers): Listening {
  const conn = connection();
  if (conn.kind === "pglite") {
    const state = { live: false, closed: false };
    const unlisten = conn.client
      .listen(channel, (payload) => handlers.notify(payload))
      .then((stop) => {
        state.live = !state.closed;
        return stop;
      });
    conn.stopListening.push(async () => {
      state.closed = true;
      state.live = false;
      await (await unlisten)().catch(() => undefined);
    });
    return state;
  }
  const subscription: Subscription = { channel, handlers, state: { live: false } };
  let listener = listeners.get(conn.pool);
  if (!listener) {
    const created: Listener = { subscriptions: [subscription], closed: false };
    listeners.set(conn.pool, created);
    openListener(created);
    conn.stopListening.push(async () => {
      created.closed = true;
      const client = created.client;
      created.client = undefined;
      created.connected = undefined;
      for (const { state } of created.subscriptions) state.live = false;
      await client?.end().catch(() => undefined);
    });
    listener = created;
  } else {
    listener.subscriptions.push(subscription);
    if (listener.connected && listener.fail) subscribe(listener, listener.connected, subscription, listener.fail);
  }
  return subscription.state;
}

export async function closeDb(): Promise<void> {
  const conn = holder.paperboyDb;
  holder.paperboyDb = undefined;
  holder.paperboyReady = undefined;
  if (!conn) return;
  for (const stop of conn.stopListening) await stop();
  if (conn.kind === "pg") await conn.pool.end();
  else await conn.client.close();
}

/** The smallest query interface of both drivers, for libraries that bring their own SQL (rate-limiter-flexible). */
export type SqlClient = {
  query(query: { text: string; values?: unknown[]; name?: string }): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;
};

// PGlite turns int8 into a BigInt, which such libraries cannot subtract from a number; node-postgres gives a string, which they can.
const INT8 = 20;

const pgliteClients = new WeakMap<PGlite, SqlClient>();

/** The open database as an `SqlClient` (the same object while it stays open): the pool on PostgreSQL, PGlite's one connection otherwise. */
export function sqlClient(): SqlClient {
  const conn = connection();
  if (conn.kind === "pg") return conn.pool as unknown as SqlClient;
  let client = pgliteClients.get(conn.client);
  if (!client) {
    const pglite = conn.client;
    client = {
      query: async ({ text, values }) => {
        const result = await pglite.query<Record<string, unknown>>(text, values ?? [], { parsers: { [INT8]: Number } });
        return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length };
      },
    };
    pgliteClients.set(pglite, client);
  }
  return client;
}
