import { otherMethods, route } from "@/lib/route";
import { exportMarkdownVault } from "@/lib/vault/service";

export const GET = route({ auth: "user" }, async ({ user }) => {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await exportMarkdownVault(user.id), {
    headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="paperboy-markdown-${day}.zip"` },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
