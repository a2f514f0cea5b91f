import { otherMethods, route } from "@/lib/route";
import { exportHighlightsMarkdown } from "@/lib/highlights/service";

export const GET = route(
  { auth: "user" },
  async ({ user }) =>
    new Response(await exportHighlightsMarkdown(user.id), {
      headers: { "content-type": "text/markdown; charset=utf-8", "content-disposition": 'attachment; filename="paperboy-highlights.md"' },
    }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
