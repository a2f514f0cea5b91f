import { listKindleSends } from "@/lib/kindle/service";
import { otherMethods, route } from "@/lib/route";

export const GET = route({ auth: "user" }, ({ user }) => listKindleSends(user.id));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
