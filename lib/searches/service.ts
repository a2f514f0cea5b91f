import "server-only";
import { ConflictError, NotFoundError } from "@/lib/api/errors";
import { deleteSavedSearch, findSavedSearches, insertSavedSearch, type SavedSearchRow } from "./repo";
import { MAX_SAVED_SEARCHES, type SavedSearchInput } from "./schemas";

export type SavedSearchDto = { id: number; name: string; query: string; created_at: string };

function toSavedSearchDto(row: SavedSearchRow): SavedSearchDto {
  return { id: row.id, name: row.name, query: row.query, created_at: row.createdAt.toISOString() };
}

export async function listSavedSearches(userId: number) {
  return { items: (await findSavedSearches(userId)).map(toSavedSearchDto) };
}

export async function saveSearch(userId: number, input: SavedSearchInput) {
  const row = await insertSavedSearch(userId, input, MAX_SAVED_SEARCHES);
  if (!row) throw new ConflictError(`You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one you no longer use.`);
  return toSavedSearchDto(row);
}

export async function removeSavedSearch(userId: number, id: number): Promise<void> {
  if (!(await deleteSavedSearch(userId, id))) throw new NotFoundError("Saved search not found");
}
