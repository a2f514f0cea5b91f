import { json, otherMethods, route } from "@/lib/route";
import { SavedSearchInput } from "@/lib/searches/schemas";
import { listSavedSearches, saveSearch } from "@/lib/searches/service";

export const GET = route({ auth: "user" }, ({ user }) => listSavedSearches(user.id));
export const POST = route({ auth: "user", body: SavedSearchInput }, async ({ user, body }) =>
  json(await saveSearch(user.id, body), { status: 201 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "POST");
