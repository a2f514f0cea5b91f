import { greader } from "@/lib/greader/handler";
import { userInfo } from "@/lib/greader/service";
import { otherMethods } from "@/lib/route";

export const GET = greader({}, ({ user }) => userInfo(user));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET");
