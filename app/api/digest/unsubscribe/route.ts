import { otherMethods, route } from "@/lib/route";
import { DigestUnsubscribeQuery } from "@/lib/digest/schemas";
import { turnOffDigestByToken } from "@/lib/digest/service";

/** The page that shows where the digest stands and offers to turn it off: a GET never changes it. */
function pageFor(request: Request, token: string): Response {
  const page = new URL("/digest/unsubscribe", request.url);
  page.searchParams.set("token", token);
  return new Response(null, { status: 303, headers: { location: `${page.pathname}${page.search}`, "cache-control": "no-store" } });
}

// The List-Unsubscribe link: a person who follows it lands on the page.
export const GET = route({ auth: "none", query: DigestUnsubscribeQuery }, ({ request, query }) => pageFor(request, query.token));

// RFC 8058's one-click POST (body `List-Unsubscribe=One-Click`, from a mail client), or the page's own button.
export const POST = route({ auth: "none", query: DigestUnsubscribeQuery, anyOrigin: true }, async ({ request, query }) => {
  const result = await turnOffDigestByToken(query.token);
  // The page's form: back to the page, which now says the digest is off.
  if (request.headers.get("sec-fetch-mode") === "navigate") return pageFor(request, query.token);
  return result;
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET", "POST");
