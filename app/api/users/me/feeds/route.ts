import { otherMethods, route } from "@/lib/route";
import { listFeeds } from "@/lib/feeds/service";

export const GET = route({ auth: "user" }, ({ user }) => listFeeds(user.id));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
