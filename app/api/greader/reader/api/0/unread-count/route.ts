import { greader } from "@/lib/greader/handler";
import { unreadCounts } from "@/lib/greader/service";
import { otherMethods } from "@/lib/route";

export const GET = greader({}, ({ user }) => unreadCounts(user.id));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET");
