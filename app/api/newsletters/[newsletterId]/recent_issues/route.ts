import { jsonText, otherMethods, route } from "@/lib/route";
import { recentIssuesJson } from "@/lib/issues/public-service";
import { NewsletterParams } from "@/lib/newsletters/schemas";

export const GET = route({ auth: "user", params: NewsletterParams }, async ({ user, params }) =>
  jsonText(await recentIssuesJson(user.id, params.newsletterId)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
