import { greader, text } from "@/lib/greader/handler";
import { editTag } from "@/lib/greader/service";
import { otherMethods } from "@/lib/route";

export const POST = greader({ write: true }, async ({ user, form }) => {
  await editTag(user.id, { ids: form.getAll("i"), add: form.getAll("a"), remove: form.getAll("r") });
  return text("OK");
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "POST");
