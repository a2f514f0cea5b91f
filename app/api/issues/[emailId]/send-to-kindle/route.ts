import { EmailIdParams } from "@/lib/issues/schemas";
import { sendIssueToKindle } from "@/lib/kindle/service";
import { json, otherMethods, route } from "@/lib/route";

export const POST = route({ auth: "user", params: EmailIdParams }, async ({ user, params }) =>
  json(await sendIssueToKindle(user.id, params.emailId), { status: 202 }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
