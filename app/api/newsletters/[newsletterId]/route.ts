import { route } from "@/lib/api/route";
import { getNewsletter } from "@/lib/newsletters/discovery-service";
import { NewsletterParams } from "@/lib/newsletters/schemas";

export const GET = route({ auth: "user", params: NewsletterParams }, ({ user, params }) => getNewsletter(user.id, params.newsletterId));
