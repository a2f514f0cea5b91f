/** Where the screens load a newsletter's logo: this server's proxy (app/img/logo), never the publisher's host. */
export function logoPath(newsletterId: number, logoUrl: string | null | undefined): string | null {
  return logoUrl ? `/img/logo/${newsletterId}` : null;
}
