import { otherMethods, route } from "@/lib/route";
import { listMyComments } from "@/lib/comments/service";

export const GET = route({ auth: "user" }, ({ user }) => listMyComments(user.id));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
