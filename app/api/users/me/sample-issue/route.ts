import { json, otherMethods, route } from "@/lib/route";
import { sendSampleIssue } from "@/lib/mail/intake/sample-issue";

export const POST = route({ auth: "user" }, async ({ user }) => json(await sendSampleIssue(user), { status: 202 }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "POST");
