import { greader } from "@/lib/greader/handler";
import { tagList } from "@/lib/greader/service";
import { otherMethods } from "@/lib/route";

export const GET = greader({}, ({ user }) => tagList(user.id));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET");
