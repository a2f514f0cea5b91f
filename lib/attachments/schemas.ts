import { idParam } from "@/lib/api/schemas";
import { EmailIdParams } from "@/lib/issues/schemas";

export const AttachmentParams = EmailIdParams.extend({ attachmentId: idParam });
