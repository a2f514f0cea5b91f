import { otherMethods, route } from "@/lib/route";
import { ImportParams } from "@/lib/imports/schemas";
import { describeImport } from "@/lib/imports/service";

export const GET = route({ auth: "user", params: ImportParams }, ({ user, params }) => describeImport(user.id, params.importId));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
