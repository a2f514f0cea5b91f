// GET /api/metrics — Prometheus text for the operator, behind Authorization: Bearer $METRICS_TOKEN
import { otherMethods, route } from "@/lib/route";
import { renderMetrics, requireMetricsToken } from "@/lib/observability/service";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "none" }, async ({ request }) => {
  requireMetricsToken(request.headers);
  const { text, contentType } = await renderMetrics();
  return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET");
