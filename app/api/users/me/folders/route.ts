import { json, otherMethods, route } from "@/lib/route";
import { CreateFolderInput } from "@/lib/folders/schemas";
import { createFolder, listFolders } from "@/lib/folders/service";

export const GET = route({ auth: "user" }, ({ user }) => listFolders(user.id));
export const POST = route({ auth: "user", body: CreateFolderInput }, async ({ user, body }) =>
  json(await createFolder(user.id, body), { status: 201 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET", "POST");
