import "server-only";
import type { SqlClient } from "@/db/client";
import { quote, rows } from "./session";

// The serial columns' sequences: a backup keeps where each stood, a restore continues from there.

/** The serial columns and their sequences. */
async function serials(client: SqlClient): Promise<Array<{ table: string; column: string; sequence: string }>> {
  return rows(
    client,
    `SELECT c.relname AS table, a.attname AS column, pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS sequence
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
        AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL
      ORDER BY 1, 2`,
  );
}

/** The value each sequence gives next, by table and column: ids of deleted rows are not handed out again. */
export async function nextValues(client: SqlClient): Promise<Record<string, number>> {
  const next: Record<string, number> = {};
  for (const { table, column, sequence } of await serials(client)) {
    const [row] = await rows<{ next: string | number }>(
      client,
      `SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END AS next FROM ${sequence}`,
    );
    next[`${table}.${column}`] = Number(row?.next ?? 1);
  }
  return next;
}

/** Every serial column's sequence continues where the backed-up one stood, and past every restored id. */
export async function resetSequences(client: SqlClient, backedUp: Record<string, number>): Promise<void> {
  for (const { table, column, sequence } of await serials(client)) {
    await client.query({
      text: `SELECT setval($1::regclass, GREATEST(COALESCE((SELECT max(${quote(column)}) FROM ${quote(table)}), 0) + 1, $2::bigint), false)`,
      values: [sequence, backedUp[`${table}.${column}`] ?? 1],
    });
  }
}
