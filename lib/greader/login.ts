import "server-only";
import { BadRequestError, UnauthorizedError } from "@/lib/api/errors";
import { tokenCallerOf } from "@/lib/auth/session";
import { readForm, text } from "./handler";

/**
 * ClientLogin: any Email, an access token as Passwd. Auth is the token itself (SID and LSID too, as
 * Miniflux answers), so nothing is kept per login and a revoked token ends every client's session.
 * Text lines by default (NetNewsWire splits them on "="; a token holds none); JSON for `output=json`
 * (ReadYou reads that first). The token comes in the POST's body only: one in the URL is refused
 * before it is even looked at, as a secret there is written to logs and histories.
 */
export async function clientLogin(request: Request): Promise<Response> {
  if (new URL(request.url).searchParams.has("Passwd"))
    throw new BadRequestError("Send Email and Passwd in the body of a POST, never in the URL.");
  const form = await readForm(request);
  const token = form.get("Passwd") ?? "";
  if (!token || !(await tokenCallerOf(token)))
    throw new UnauthorizedError("Wrong access token. Use an access token from Settings as the password.");
  if (form.get("output") === "json")
    return Response.json({ SID: token, LSID: token, Auth: token }, { headers: { "cache-control": "no-store" } });
  const response = text(`SID=${token}\nLSID=${token}\nAuth=${token}\n`);
  response.headers.set("cache-control", "no-store");
  return response;
}
