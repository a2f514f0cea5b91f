import { otherMethods, route } from "@/lib/route";
import { downloadAttachment } from "@/lib/attachments/service";
import { AttachmentParams } from "@/lib/attachments/schemas";

export const GET = route({ auth: "user", params: AttachmentParams }, ({ user, params }) =>
  downloadAttachment(user.id, params.emailId, params.attachmentId),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
