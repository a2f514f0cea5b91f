import { otherMethods, route } from "@/lib/route";
import { PageQuery } from "@/lib/issues/schemas";
import { listActivity } from "@/lib/issues/service";

/** The emails the user commented on, most recent comment first. */
export const GET = route({ auth: "user", query: PageQuery }, ({ user, query }) => listActivity(user.id, "commented", query));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
