import { otherMethods, route } from "@/lib/route";
import { getAttachments } from "@/lib/attachments/service";
import { EmailIdParams } from "@/lib/issues/schemas";

export const GET = route({ auth: "user", params: EmailIdParams }, ({ user, params }) => getAttachments(user.id, params.emailId));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
