import "server-only";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Client } from "pg";
import { getDb, type SqlClient } from "@/db/client";
import { env } from "@/lib/env";
import { BackupError, rows, type Session } from "./session";

// Which migration a backup was taken at, and a restore's migrations up to it (db/migrations' journal).

const migrationsFolder = path.join(process.cwd(), "db", "migrations");

// Rows that migrations themselves insert (0004's 64 stripes): present in every migrated database.
export const SEEDED_BY_MIGRATIONS = new Set(["discovery_change"]);

type Journal = { entries: Array<{ idx: number; when: number; tag: string; breakpoints: boolean }> };

export async function journal(): Promise<Journal> {
  return JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as Journal;
}

/** The last applied migration, or undefined on a database Paperboy never migrated. */
export async function appliedMigration(client: SqlClient): Promise<{ tag: string; when: number } | undefined> {
  const [exists] = await rows<{ present: boolean }>(client, "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present");
  if (!exists?.present) return undefined;
  const [last] = await rows<{ last: string | number | null }>(client, "SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations");
  if (last?.last === null || last?.last === undefined) return undefined;
  const when = Number(last.last);
  const entry = (await journal()).entries.find((candidate) => candidate.when === when);
  if (!entry) throw new BackupError("The database was migrated by a newer Paperboy than this one");
  return { tag: entry.tag, when };
}

/**
 * Applies the migrations up to and including `when` (the backup's level), from a copy of the journal cut
 * there, so that the rows go into the schema they came from; the caller migrates the rest afterwards.
 */
export async function migrateTo(session: Session, when: number): Promise<void> {
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
