import "server-only";
import { ConflictError, NotFoundError } from "@/lib/api/errors";
import { deleteFolder, deleteFolderEmail, findFolder, findFolders, insertFolder, insertFolderEmail, type FolderRow } from "./repo";
import type { AddFolderEmailInput, CreateFolderInput } from "./schemas";

function toFolderDto(row: FolderRow) {
  const emails = row.emailIds.map(Number);
  return { id: row.id, name: row.name, emails, email_count: emails.length };
}

export type FolderDto = ReturnType<typeof toFolderDto>;

export async function listFolders(userId: number) {
  return { items: (await findFolders(userId)).map(toFolderDto) };
}

export async function getFolder(userId: number, folderId: number): Promise<FolderDto> {
  const row = await findFolder(userId, folderId);
  if (!row) throw new NotFoundError("Folder not found");
  return toFolderDto(row);
}

export async function createFolder(userId: number, input: CreateFolderInput) {
  const row = await insertFolder(userId, input.name);
  if (!row) throw new ConflictError("A folder with this name already exists.");
  return toFolderDto(row);
}

export async function removeFolder(userId: number, folderId: number): Promise<void> {
  if (!(await deleteFolder(userId, folderId))) throw new NotFoundError("Folder not found");
}

export async function addEmailToFolder(userId: number, folderId: number, input: AddFolderEmailInput) {
  if (!(await insertFolderEmail(userId, folderId, input.email_id))) throw new NotFoundError("Folder or email not found");
  const row = await findFolder(userId, folderId);
  if (!row) throw new NotFoundError("Folder not found");
  return toFolderDto(row);
}

export async function removeEmailFromFolder(userId: number, folderId: number, emailId: number): Promise<void> {
  if (!(await deleteFolderEmail(userId, folderId, emailId))) throw new NotFoundError("Folder not found");
}
