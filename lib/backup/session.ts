import "server-only";
import { Client } from "pg";
import { sqlClient, type SqlClient } from "@/db/client";
import { env } from "@/lib/env";

// The database as a backup and a restore read it: one session, its tables in order, their columns.

/** An expected failure: its message is the one line the command prints. */
export class BackupError extends Error {}

/** The database's connection for a backup or restore: one session, so that a transaction holds. */
export type Session = { client: SqlClient; close(): Promise<void> };

export async function openSession(): Promise<Session> {
  if (!env.DATABASE_URL) return { client: sqlClient(), close: async () => undefined };
  const client = new Client({ connectionString: env.DATABASE_URL, application_name: "paperboy backup" });
  await client.connect();
  return { client: client as unknown as SqlClient, close: () => client.end() };
}

export function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function rows<T>(client: SqlClient, text: string, values?: unknown[]): Promise<T[]> {
  return (await client.query({ text, values })).rows as T[];
}

/** The application's tables, each after every table it refers to (the schema has no cycles). */
export async function tablesInOrder(client: SqlClient): Promise<string[]> {
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
export async function storedColumns(client: SqlClient, table: string): Promise<string[]> {
  const columns = await rows<{ name: string }>(
    client,
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [quote(table)],
  );
  return columns.map((column) => column.name);
}

/** A failure of the file itself (missing, unreadable, a full disk), as opposed to its content. */
export function isFileError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string" && "syscall" in error;
}
