import { route } from "@/lib/api/route";
import { listTrendingIssues } from "@/lib/newsletters/issues-service";

export const GET = route({ auth: "user" }, ({ user }) => listTrendingIssues(user.id));
