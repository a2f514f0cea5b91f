import { otherMethods, route } from "@/lib/route";
import { exportHighlightsCsv } from "@/lib/highlights/service";

export const GET = route(
  { auth: "user" },
  async ({ user }) =>
    new Response(await exportHighlightsCsv(user.id), {
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="paperboy-highlights.csv"' },
    }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
