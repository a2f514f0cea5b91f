import { exportAccount } from "@/lib/account/export";
import { otherMethods, route } from "@/lib/route";

export const GET = route({ auth: "user" }, ({ user }) => {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(exportAccount(user.id), {
    headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="paperboy-export-${day}.zip"` },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("user", "GET");
