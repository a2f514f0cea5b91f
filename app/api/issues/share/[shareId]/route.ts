import { otherMethods, route } from "@/lib/route";
import { ShareParams } from "@/lib/share/schemas";
import { getSharedIssue } from "@/lib/share/service";

export const GET = route({ auth: "none", params: ShareParams }, ({ params }) => getSharedIssue(params.shareId));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET");
