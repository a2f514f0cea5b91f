import { otherMethods, route } from "@/lib/route";
import { apiDocument } from "@/lib/openapi/service";
import { ROUTES } from "./routes";

export const GET = route({ auth: "none" }, async () =>
  Response.json(await apiDocument(ROUTES), { headers: { "cache-control": "public, max-age=300" } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET");
