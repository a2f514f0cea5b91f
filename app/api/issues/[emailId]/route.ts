import { otherMethods, route } from "@/lib/route";
import { EmailIdParams } from "@/lib/issues/schemas";
import { getEmail } from "@/lib/issues/service";

export const GET = route({ auth: "user", params: EmailIdParams }, ({ user, params }) => getEmail(user.id, params.emailId));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
