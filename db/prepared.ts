import "server-only";
import { getDb, type Database } from "./client";

/**
 * A prepared statement of the current pool by name, made on first use and then reused: planning the
 * hot queries (the feed, an email's seven-way join, the discovery stamp) costs more than running them.
 * Kept per pool, not once per module, because getDb() hands out a new pool after a reconnect and in tests.
 * Given a transaction, the pool's statement runs on the transaction's connection: a filing, one
 * transaction a message, built its insert statements anew for every message (bench:ingest's route,
 * about 4% of the server thread).
 */
export function preparedOnce<T extends object>(
  cache: WeakMap<Database, Map<string, T>>,
  name: string,
  prepare: (db: Database) => T,
  db: Database = getDb(),
): T {
  const pool = getDb();
  const named = cache.get(pool) ?? new Map<string, T>();
  cache.set(pool, named);
  let prepared = named.get(name);
  if (!prepared) {
    prepared = prepare(pool);
    named.set(name, prepared);
  }
  return db === pool ? prepared : onConnectionOf(prepared, db);
}

/**
 * The statement as it runs on `tx`'s connection. Drizzle's prepared statement keeps its SQL, parameters and
 * result fields, and sends them on `client`: the one of the session it was made in, here the transaction's.
 */
function onConnectionOf<T extends object>(prepared: T, tx: Database): T {
  const { client } = (tx as unknown as { session: { client: unknown } }).session;
  return Object.assign(Object.create(prepared) as T, { client });
}
