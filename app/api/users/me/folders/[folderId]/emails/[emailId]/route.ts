import { noContent, otherMethods, route } from "@/lib/route";
import { FolderEmailParams } from "@/lib/folders/schemas";
import { removeEmailFromFolder } from "@/lib/folders/service";

export const DELETE = route({ auth: "user", params: FolderEmailParams }, async ({ user, params }) => {
  await removeEmailFromFolder(user.id, params.folderId, params.emailId);
  return noContent();
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods("user", "DELETE");
