import { greader } from "@/lib/greader/handler";
import { streamItemIds, streamParams } from "@/lib/greader/service";
import { otherMethods } from "@/lib/route";

const ids = greader({}, ({ user, form }) => streamItemIds(user.id, streamParams(form, undefined)));

export { ids as GET, ids as POST };
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET", "POST");
