import { otherMethods, route } from "@/lib/route";
import { ImportParams } from "@/lib/imports/schemas";
import { listImportFailures } from "@/lib/imports/service";

export const GET = route({ auth: "user", params: ImportParams }, ({ user, params }) => listImportFailures(user.id, params.importId));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
