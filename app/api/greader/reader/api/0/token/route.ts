import { actionToken, greader, text } from "@/lib/greader/handler";
import { otherMethods } from "@/lib/route";

export const GET = greader({}, ({ token }) => text(actionToken(token)));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET");
