import { noContent, otherMethods, route } from "@/lib/route";
import { SavedSearchParams } from "@/lib/searches/schemas";
import { removeSavedSearch } from "@/lib/searches/service";

export const DELETE = route({ auth: "user", params: SavedSearchParams }, async ({ user, params }) => {
  await removeSavedSearch(user.id, params.savedSearchId);
  return noContent();
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods("user", "DELETE");
