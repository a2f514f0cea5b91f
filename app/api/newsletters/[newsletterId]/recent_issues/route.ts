import { jsonText, otherMethods, route } from "@/lib/api/route";
import { recentIssuesJson } from "@/lib/newsletters/issues-service";
import { NewsletterParams } from "@/lib/newsletters/schemas";

export const GET = route({ auth: "user", params: NewsletterParams }, async ({ user, params }) => jsonText(await recentIssuesJson(user.id, params.newsletterId)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
