import "server-only";
import { constants, createReadStream } from "node:fs";
import { access, stat } from "node:fs/promises";
import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";
import type { SqlClient } from "@/db/client";
import { FORMAT, VERSION, type Manifest } from "./backup";
import { appliedMigration, journal, migrateTo, SEEDED_BY_MIGRATIONS } from "./migrations";
import { resetSequences } from "./sequences";
import { BackupError, isFileError, openSession, quote, rows, tablesInOrder } from "./session";

// `npm run restore -- FILE` (docs/contract.md 7.7): a backup (lib/backup/backup.ts) loaded into an empty database.

// A restore batch ends at whichever comes first: this many rows or this many characters of JSON.
const BATCH_ROWS = 1_000;
const BATCH_CHARS = 4_000_000;

/** The backup's lines one at a time; a file that is not gzip, or not ours, is one clear error. */
async function* backupLines(file: string): AsyncGenerator<unknown> {
  try {
    await access(file, constants.R_OK);
    if (!(await stat(file)).isFile()) throw new Error("not a file");
  } catch {
    throw new BackupError(`Cannot read ${file}`);
  }
  const source = createReadStream(file);
  const input = source.pipe(createGunzip());
  // A read that fails on the way (the file cut off under it) ends the lines with that error, not the process.
  source.once("error", (error) => input.destroy(error));
  const decoder = new StringDecoder("utf8");
  let rest = "";
  const parse = (line: string) => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw new BackupError(`${file} is not a Paperboy backup`);
    }
  };
  try {
    for await (const chunk of input) {
      const lines = (rest + decoder.write(chunk as Buffer)).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) if (line !== "") yield parse(line);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if (isFileError(error)) throw new BackupError(`Cannot read ${file}: ${error.message}`);
    throw new BackupError(`${file} is not a Paperboy backup (${(error as Error).message})`);
  } finally {
    input.destroy();
    source.destroy();
  }
  rest += decoder.end();
  if (rest !== "") yield parse(rest);
}

function isManifest(value: unknown): value is Manifest {
  const manifest = value as Partial<Manifest> | null;
  return (
    typeof manifest === "object" &&
    manifest !== null &&
    manifest.format === FORMAT &&
    typeof manifest.migration?.tag === "string" &&
    typeof manifest.migration.when === "number"
  );
}

/** Tables holding rows that no migration put there: a restore goes only into a database without any. */
async function occupiedTables(client: SqlClient): Promise<string[]> {
  const tables = await rows<{ name: string }>(
    client,
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const occupied: string[] = [];
  for (const { name } of tables) {
    if (SEEDED_BY_MIGRATIONS.has(name)) continue;
    const [row] = await rows<{ any: boolean }>(client, `SELECT EXISTS (SELECT 1 FROM ${quote(name)}) AS any`);
    if (row?.any) occupied.push(name);
  }
  return occupied;
}

/** Loads `file` into an empty database; the caller then migrates it to this build's level. */
export async function restore(file: string): Promise<{ tables: number; rows: number }> {
  const lines = backupLines(file);
  const first = await lines.next();
  if (first.done || !isManifest(first.value)) throw new BackupError(`${file} is not a Paperboy backup`);
  const manifest = first.value;
  if (manifest.version > VERSION) throw new BackupError(`${file} was written by a newer Paperboy (backup format ${manifest.version})`);
  const known = (await journal()).entries.some((entry) => entry.when === manifest.migration.when);
  if (!known) throw new BackupError(`${file} comes from a newer Paperboy (migration ${manifest.migration.tag}); upgrade before restoring`);

  const session = await openSession();
  const { client } = session;
  try {
    const occupied = await occupiedTables(client);
    if (occupied.length > 0)
      throw new BackupError(
        `The database is not empty (${occupied.slice(0, 3).join(", ")} hold rows); restore only into an empty database`,
      );
    const applied = await appliedMigration(client);
    if (applied && applied.when > manifest.migration.when)
      throw new BackupError(
        `The database is already at a later migration (${applied.tag}) than ${file} (${manifest.migration.tag}); restore into a new empty database`,
      );
    await migrateTo(session, manifest.migration.when);

    await client.query({ text: "BEGIN" });
    const tables = await tablesInOrder(client);
    // Migrations' own rows go, so that the backup's take their place; user triggers (counters kept per
    // insert) stay off while loading, since the backup already holds what they would have computed.
    await client.query({ text: `TRUNCATE ${tables.map(quote).join(", ")}` });
    for (const table of tables) await client.query({ text: `ALTER TABLE ${quote(table)} DISABLE TRIGGER USER` });

    let total = 0;
    let loaded = 0;
    let ended = false;
    let sequences: Record<string, number> = {};
    let current: { table: string; insert: string } | undefined;
    let batch: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (!current || batch.length === 0) return;
      await client.query({ text: current.insert, values: [`[${batch.join(",")}]`] });
      total += batch.length;
      batch = [];
      chars = 0;
    };
    for await (const value of lines) {
      if (ended) throw new BackupError(`${file} is not a Paperboy backup (lines after its end)`);
      if (Array.isArray(value)) {
        await flush();
        if (value[0] === "end") {
          if (value[1] !== total) throw new BackupError(`${file} is damaged: it announces ${String(value[1])} rows and holds ${total}`);
          ended = true;
          continue;
        }
        if (value[0] === "sequences" && typeof value[1] === "object" && value[1] !== null) {
          sequences = value[1] as Record<string, number>;
          current = undefined;
          continue;
        }
        const [kind, table, columns] = value as [unknown, unknown, unknown];
        if (kind !== "table" || typeof table !== "string" || !Array.isArray(columns) || !tables.includes(table))
          throw new BackupError(`${file} is not a Paperboy backup (unknown table ${String(table)})`);
        const list = (columns as string[]).map(quote).join(", ");
        current = {
          table,
          insert: `INSERT INTO ${quote(table)} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${quote(table)}, $1::jsonb)`,
        };
        loaded += 1;
        continue;
      }
      if (!current || typeof value !== "object" || value === null)
        throw new BackupError(`${file} is not a Paperboy backup (a row outside any table)`);
      const row = JSON.stringify(value);
      batch.push(row);
      chars += row.length;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
    }
    await flush();
    if (!ended) throw new BackupError(`${file} is cut short: restore it from a complete backup`);

    for (const table of tables) await client.query({ text: `ALTER TABLE ${quote(table)} ENABLE TRIGGER USER` });
    await resetSequences(client, sequences);
    await client.query({ text: "COMMIT" });
    return { tables: loaded, rows: total };
  } catch (error) {
    await client.query({ text: "ROLLBACK" }).catch(() => undefined);
    throw error;
  } finally {
    await lines.return(undefined);
    await session.close();
  }
}
