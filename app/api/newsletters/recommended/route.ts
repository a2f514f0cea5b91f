import { route } from "@/lib/api/route";
import { listRecommendedNewsletters } from "@/lib/newsletters/discovery-service";

export const GET = route({ auth: "user" }, ({ user }) => listRecommendedNewsletters(user.id));
