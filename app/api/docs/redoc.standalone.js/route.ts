import { otherMethods, route } from "@/lib/route";
import { redocBundle } from "@/lib/openapi/docs-page";

export const GET = route(
  { auth: "none" },
  async () =>
    new Response(await redocBundle(), {
      headers: {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": "public, max-age=86400",
        "x-content-type-options": "nosniff",
      },
    }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET");
