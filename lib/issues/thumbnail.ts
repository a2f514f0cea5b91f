import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { loadImage, type ProxiedImage } from "@/lib/images/proxy";
import { findThumbnailUrl } from "./repo";

/**
 * An email card's picture, fetched by the image proxy (docs/contract.md 6.4): `thumbnail_image_url` stays the
 * sender's address, and the reader's browser asks this server for it instead of the sender's.
 */
export async function loadThumbnail(userId: number, emailId: number): Promise<ProxiedImage> {
  const url = await findThumbnailUrl(userId, emailId);
  if (!url) throw new NotFoundError();
  return loadImage(url);
}
