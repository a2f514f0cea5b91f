import { attachment, epubStream, folderEpub } from "@/lib/epub/service";
import { FolderParams } from "@/lib/folders/schemas";
import { otherMethods, route } from "@/lib/route";

export const GET = route({ auth: "user", params: FolderParams }, async ({ user, params }) => {
  const book = await folderEpub(user.id, params.folderId);
  return new Response(epubStream(book, user.id), {
    headers: { "content-type": "application/epub+zip", "content-disposition": attachment(book.fileName) },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
