import { route } from "@/lib/api/route";
import { listRecentIssues } from "@/lib/newsletters/issues-service";
import { NewsletterParams } from "@/lib/newsletters/schemas";

export const GET = route({ auth: "user", params: NewsletterParams }, ({ user, params }) => listRecentIssues(user.id, params.newsletterId));
