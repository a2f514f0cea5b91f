import { noContent, otherMethods, route } from "@/lib/route";
import { FolderParams } from "@/lib/folders/schemas";
import { removeFolder } from "@/lib/folders/service";

export const DELETE = route({ auth: "user", params: FolderParams }, async ({ user, params }) => {
  await removeFolder(user.id, params.folderId);
  return noContent();
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods("user", "DELETE");
