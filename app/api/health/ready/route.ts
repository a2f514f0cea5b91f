import { json, otherMethods, route } from "@/lib/route";
import { checkReady } from "@/lib/health/service";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "none" }, async () => {
  const { ready, body } = await checkReady();
  return json(body, { status: ready ? 200 : 503 });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET");
