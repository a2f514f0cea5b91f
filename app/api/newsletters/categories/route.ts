import { route } from "@/lib/api/route";
import { listCategories } from "@/lib/newsletters/service";

export const GET = route({ auth: "user" }, () => listCategories());
