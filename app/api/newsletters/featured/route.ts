import { route } from "@/lib/api/route";
import { listFeaturedNewsletters } from "@/lib/newsletters/discovery-service";

export const GET = route({ auth: "user" }, () => listFeaturedNewsletters());
