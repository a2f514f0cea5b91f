import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email, folder, folderEmail } from "@/db/schema";

export type FolderRow = { id: number; name: string; emailIds: number[] };

const folderColumns = {
  id: folder.id,
  name: folder.name,
  emailIds: sql<
    number[]
  >`coalesce((select array_agg(${folderEmail.emailId} order by ${folderEmail.addedAt}, ${folderEmail.emailId}) from ${folderEmail} where ${folderEmail.folderId} = ${folder.id}), '{}')`,
};

export async function findFolders(userId: number): Promise<FolderRow[]> {
  return getDb().select(folderColumns).from(folder).where(eq(folder.userId, userId)).orderBy(asc(folder.name), asc(folder.id));
}

export async function findFolder(userId: number, folderId: number): Promise<FolderRow | undefined> {
  const [row] = await getDb()
    .select(folderColumns)
    .from(folder)
    .where(and(eq(folder.userId, userId), eq(folder.id, folderId)));
  return row;
}

/**
 * Inserts the folder; undefined when the user already has one of that name in any case ("Work" and
 * "work" are one folder to a reader), the unique index catching two such inserts at once.
 */
export async function insertFolder(userId: number, name: string): Promise<FolderRow | undefined> {
  const inserted = (await getDb().execute(sql`
    insert into folder (user_id, name)
    select ${userId}::int, ${name}::text
    where not exists (select 1 from folder where user_id = ${userId}::int and lower(name) = lower(${name}::text))
    on conflict do nothing
    returning id, name`)) as unknown as { rows: { id: number; name: string }[] };
  const [row] = inserted.rows;
  return row ? { id: row.id, name: row.name, emailIds: [] } : undefined;
}

export async function deleteFolder(userId: number, folderId: number): Promise<boolean> {
  const deleted = await getDb()
    .delete(folder)
    .where(and(eq(folder.userId, userId), eq(folder.id, folderId)))
    .returning({ id: folder.id });
  return deleted.length > 0;
}

/** Files the email when both the folder and the email are the user's; false otherwise. */
export async function insertFolderEmail(userId: number, folderId: number, emailId: number): Promise<boolean> {
  const [owned] = await getDb()
    .select({ folderId: folder.id, emailId: email.id })
    .from(folder)
    .innerJoin(email, and(eq(email.userId, userId), eq(email.id, emailId)))
    .where(and(eq(folder.userId, userId), eq(folder.id, folderId)));
  if (!owned) return false;
  await getDb().insert(folderEmail).values({ folderId, emailId }).onConflictDoNothing();
  return true;
}

export async function deleteFolderEmail(userId: number, folderId: number, emailId: number): Promise<boolean> {
  const ownFolder = await findFolder(userId, folderId);
  if (!ownFolder) return false;
  await getDb()
    .delete(folderEmail)
    .where(and(eq(folderEmail.folderId, folderId), eq(folderEmail.emailId, emailId)));
  return true;
}
