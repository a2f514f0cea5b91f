import { otherMethods, route } from "@/lib/route";
import { AddFolderEmailInput, FolderParams } from "@/lib/folders/schemas";
import { addEmailToFolder } from "@/lib/folders/service";

export const POST = route({ auth: "user", params: FolderParams, body: AddFolderEmailInput }, ({ user, params, body }) =>
  addEmailToFolder(user.id, params.folderId, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
