import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { loadImageIfAvailable, type ProxiedImage } from "@/lib/images/proxy";
import { findLogoUrl } from "./repo";

/**
 * A newsletter's logo through the image proxy (docs/contract.md 6.4), so the reader's browser never asks a
 * publisher's host; null when the server cannot fetch it (the screens show the monogram instead).
 */
export async function loadNewsletterLogo(userId: number, newsletterId: number): Promise<ProxiedImage | null> {
  const url = await findLogoUrl(userId, newsletterId);
  if (!url) throw new NotFoundError();
  return loadImageIfAvailable(url);
}
