import { otherMethods, route } from "@/lib/route";
import { rotateFeeds } from "@/lib/feeds/service";

export const POST = route({ auth: "user" }, ({ user }) => rotateFeeds(user.id));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
