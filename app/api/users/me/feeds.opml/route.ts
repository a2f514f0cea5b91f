import { otherMethods, route } from "@/lib/route";
import { feedsOpml } from "@/lib/feeds/service";

export const GET = route(
  { auth: "user" },
  async ({ user }) =>
    new Response(await feedsOpml(user.id), {
      headers: { "content-type": "text/x-opml; charset=utf-8", "content-disposition": 'attachment; filename="paperboy-feeds.opml"' },
    }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
