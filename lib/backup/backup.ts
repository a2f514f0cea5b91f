import "server-only";
// `npm run backup -- FILE` (docs/contract.md 7.7): every row of the application's tables, the same from
// PostgreSQL and the embedded database, so either can be restored into the other (lib/backup/restore.ts).
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { finished } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { appliedMigration } from "./migrations";
import { nextValues } from "./sequences";
import { BackupError, isFileError, openSession, quote, rows, storedColumns, tablesInOrder } from "./session";

/**
 * The file is a gzip stream of lines, each one JSON: first the manifest, then for every table, in
 * foreign-key order, `["table", name, columns]` followed by its rows as objects (PostgreSQL's own
 * row_to_json, which jsonb_populate_recordset reads back exactly), and last `["end", rows]`, whose absence
 * marks a file cut short. One table at a time, a batch of rows at a time: never the whole database in memory.
 */
export const FORMAT = "paperboy-backup";
export const VERSION = 1;

export type Manifest = { format: typeof FORMAT; version: number; migration: { tag: string; when: number }; created_at: string };

const FETCH_ROWS = 500;

/** Writes the whole database to `file` (through a `.part` file, so a failed backup leaves no half file). */
export async function backup(file: string): Promise<{ tables: number; rows: number }> {
  const session = await openSession();
  const partial = `${file}.part`;
  const gzip = createGzip();
  const output = createWriteStream(partial);
  const done = finished(gzip.pipe(output));
  // A file that cannot be written fails `done` at once (a missing folder, no permission, a full disk):
  // the steps below wait on it too, and the catch below turns it into one line.
  done.catch(() => undefined);
  const write = async (value: unknown) => {
    if (!gzip.write(`${typeof value === "string" ? value : JSON.stringify(value)}\n`)) await Promise.race([once(gzip, "drain"), done]);
  };
  let total = 0;
  let tables: string[] = [];
  try {
    await Promise.race([once(output, "open"), done]);
    const { client } = session;
    // One snapshot for every table, so the rows agree with each other while the server keeps filing mail.
    await client.query({ text: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" });
    const migration = await appliedMigration(client);
    if (!migration) throw new BackupError("The database holds no Paperboy data: no migration was ever applied");
    const manifest: Manifest = { format: FORMAT, version: VERSION, migration, created_at: new Date().toISOString() };
    await write(manifest);
    tables = await tablesInOrder(client);
    for (const table of tables) {
      const columns = await storedColumns(client, table);
      await write(["table", table, columns]);
      const list = columns.map(quote).join(", ");
      await client.query({
        text: `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM (SELECT ${list} FROM ${quote(table)}) t`,
      });
      for (;;) {
        const batch = await rows<{ row: string }>(client, `FETCH ${FETCH_ROWS} FROM backup_rows`);
        for (const { row } of batch) await write(row);
        total += batch.length;
        if (batch.length < FETCH_ROWS) break;
      }
      await client.query({ text: "CLOSE backup_rows" });
    }
    await write(["sequences", await nextValues(client)]);
    await client.query({ text: "COMMIT" });
    await write(["end", total]);
    gzip.end();
    await done;
    await rename(partial, file);
    return { tables: tables.length, rows: total };
  } catch (error) {
    gzip.destroy();
    await done.catch(() => undefined);
    await rm(partial, { force: true });
    await session.client.query({ text: "ROLLBACK" }).catch(() => undefined);
    if (error instanceof BackupError) throw error;
    if (isFileError(error)) throw new BackupError(`Could not write ${file}: ${error.message}`);
    throw error;
  } finally {
    await session.close();
  }
}
