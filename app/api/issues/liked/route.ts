import { otherMethods, route } from "@/lib/route";
import { PageQuery } from "@/lib/issues/schemas";
import { listActivity } from "@/lib/issues/service";

export const GET = route({ auth: "user", query: PageQuery }, ({ user, query }) => listActivity(user.id, "liked", query));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
