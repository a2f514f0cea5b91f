import { greader, text } from "@/lib/greader/handler";
import { markAllAsRead } from "@/lib/greader/service";
import { otherMethods } from "@/lib/route";

export const POST = greader({ write: true }, async ({ user, form }) => {
  await markAllAsRead(user.id, { stream: form.get("s") ?? undefined, before: form.get("ts") ?? undefined });
  return text("OK");
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "POST");
