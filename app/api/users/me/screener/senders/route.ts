import { otherMethods, route } from "@/lib/route";
import { listScreenedSenders } from "@/lib/screener/service";

export const GET = route({ auth: "user" }, ({ user }) => listScreenedSenders(user.id));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
