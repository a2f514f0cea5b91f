import "server-only";
import { getDb, type Database } from "./client";

/**
 * A prepared statement of the current pool by name, made on first use and then reused: planning the
 * hot queries (the feed, an email's seven-way join, the discovery stamp) costs more than running them.
 * Kept per pool, not once per module, because getDb() hands out a new pool after a reconnect and in tests.
 * Given a transaction, kept for that transaction: a batch filed in one builds each statement once.
 */
export function preparedOnce<T>(
  cache: WeakMap<Database, Map<string, T>>,
  name: string,
  prepare: (db: Database) => T,
  db: Database = getDb(),
): T {
  const named = cache.get(db) ?? new Map<string, T>();
  cache.set(db, named);
  let prepared = named.get(name);
  if (!prepared) {
    prepared = prepare(db);
    named.set(name, prepared);
  }
  return prepared;
}
