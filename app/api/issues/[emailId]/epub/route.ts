import { attachment, epubStream, issueEpub } from "@/lib/epub/service";
import { EmailIdParams } from "@/lib/issues/schemas";
import { otherMethods, route } from "@/lib/route";

export const GET = route({ auth: "user", params: EmailIdParams }, async ({ user, params }) => {
  const book = await issueEpub(user.id, params.emailId);
  return new Response(epubStream(book, user.id), {
    headers: { "content-type": "application/epub+zip", "content-disposition": attachment(book.fileName) },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
