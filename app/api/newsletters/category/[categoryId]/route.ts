import { route } from "@/lib/api/route";
import { listCategoryNewsletters } from "@/lib/newsletters/discovery-service";
import { CategoryParams } from "@/lib/newsletters/schemas";

export const GET = route({ auth: "user", params: CategoryParams }, ({ params }) => listCategoryNewsletters(params.categoryId));
