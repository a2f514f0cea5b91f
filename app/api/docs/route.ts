import { otherMethods, route } from "@/lib/route";
import { DOCS_PAGE, DOCS_PAGE_HEADERS } from "@/lib/openapi/docs-page";

export const GET = route({ auth: "none" }, () => new Response(DOCS_PAGE, { headers: DOCS_PAGE_HEADERS }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET");
