import "server-only";
// `npm run backup -- FILE` and `npm run restore -- FILE` (docs/contract.md 7.7): every row of the application's
// tables, the same from PostgreSQL and the embedded database, so either can be restored into the other.
import { once } from "node:events";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { finished } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { Client } from "pg";
import { getDb, sqlClient, type SqlClient } from "@/db/client";
import { env } from "@/lib/env";

/**
 * The file is a gzip stream of lines, each one JSON: first the manifest, then for every table, in
 * foreign-key order, `["table", name, columns]` followed by its rows as objects (PostgreSQL's own
 * row_to_json, which jsonb_populate_recordset reads back exactly), and last `["end", rows]`, whose absence
 * marks a file cut short. One table at a time, a batch of rows at a time: never the whole database in memory.
 */
const FORMAT = "paperboy-backup";
const VERSION = 1;

type Manifest = { format: typeof FORMAT; version: number; migration: { tag: string; when: number }; created_at: string };

/** An expected failure: its message is the one line the command prints. */
class BackupError extends Error {}

const migrationsFolder = path.join(process.cwd(), "db", "migrations");

// Rows that migrations themselves insert (0004's 64 stripes): present in every migrated database.
const SEEDED_BY_MIGRATIONS = new Set(["discovery_change"]);

const FETCH_ROWS = 500;
// A restore batch ends at whichever comes first: this many rows or this many characters of JSON.
const BATCH_ROWS = 1_000;
const BATCH_CHARS = 4_000_000;

type Journal = { entries: Array<{ idx: number; when: number; tag: string; breakpoints: boolean }> };

async function journal(): Promise<Journal> {
  return JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as Journal;
}

/** The database's connection for a backup or restore: one session, so that a transaction holds. */
type Session = { client: SqlClient; close(): Promise<void> };

async function openSession(): Promise<Session> {
  if (!env.DATABASE_URL) return { client: sqlClient(), close: async () => undefined };
  const client = new Client({ connectionString: env.DATABASE_URL, application_name: "paperboy backup" });
  await client.connect();
  return { client: client as unknown as SqlClient, close: () => client.end() };
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function rows<T>(client: SqlClient, text: string, values?: unknown[]): Promise<T[]> {
  return (await client.query({ text, values })).rows as T[];
}

/** The last applied migration, or undefined on a database Paperboy never migrated. */
async function appliedMigration(client: SqlClient): Promise<{ tag: string; when: number } | undefined> {
  const [exists] = await rows<{ present: boolean }>(client, "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present");
  if (!exists?.present) return undefined;
  const [last] = await rows<{ last: string | number | null }>(client, "SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations");
  if (last?.last === null || last?.last === undefined) return undefined;
  const when = Number(last.last);
  const entry = (await journal()).entries.find((candidate) => candidate.when === when);
  if (!entry) throw new BackupError("The database was migrated by a newer Paperboy than this one");
  return { tag: entry.tag, when };
}

/** The application's tables, each after every table it refers to (the schema has no cycles). */
async function tablesInOrder(client: SqlClient): Promise<string[]> {
  const tables = (
    await rows<{ name: string }>(client, "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
  ).map((row) => row.name);
  const references = await rows<{ child: string; parent: string }>(
    client,
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace AND k.conrelid <> k.confrelid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const { child, parent } of references) if (child === table) place(parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
}

/** The columns a row is written with: every stored one (a generated column is computed again on restore). */
async function storedColumns(client: SqlClient, table: string): Promise<string[]> {
  const columns = await rows<{ name: string }>(
    client,
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [quote(table)],
  );
  return columns.map((column) => column.name);
}

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

function isFileError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string" && "syscall" in error;
}

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

/**
 * Applies the migrations up to and including `when` (the backup's level), from a copy of the journal cut
 * there, so that the rows go into the schema they came from; the caller migrates the rest afterwards.
 */
async function migrateTo(session: Session, when: number): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "paperboy-restore-"));
  try {
    const entries = (await journal()).entries.filter((entry) => entry.when <= when);
    await mkdir(path.join(folder, "meta"));
    await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify({ version: "7", dialect: "postgresql", entries }));
    for (const entry of entries) await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    if (env.DATABASE_URL) await migratePg(drizzlePg(session.client as unknown as Client), { migrationsFolder: folder });
    else await migratePglite(getDb() as unknown as PgliteDatabase, { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
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
async function nextValues(client: SqlClient): Promise<Record<string, number>> {
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
async function resetSequences(client: SqlClient, backedUp: Record<string, number>): Promise<void> {
  for (const { table, column, sequence } of await serials(client)) {
    await client.query({
      text: `SELECT setval($1::regclass, GREATEST(COALESCE((SELECT max(${quote(column)}) FROM ${quote(table)}), 0) + 1, $2::bigint), false)`,
      values: [sequence, backedUp[`${table}.${column}`] ?? 1],
    });
  }
}
