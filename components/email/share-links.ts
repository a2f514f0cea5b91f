/** docs/spec.md section 9: the site origin plus /issues/share/{public_share_id}. */
export function shareLink(origin: string, publicShareId: string): string {
  return `${origin}/issues/share/${encodeURIComponent(publicShareId)}`;
}

export type ShareTarget = { label: string; href: string };

/** Email, a short-post network, a professional network and a messaging app, in that order. */
export function shareTargets(subject: string, link: string): ShareTarget[] {
  const text = encodeURIComponent(subject);
  const url = encodeURIComponent(link);
  return [
    { label: "Email", href: `mailto:?subject=${text}&body=${encodeURIComponent(`${subject}\n\n${link}`)}` },
    { label: "X (Twitter)", href: `https://twitter.com/intent/tweet?text=${text}&url=${url}` },
    { label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
    { label: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${subject} ${link}`)}` },
  ];
}
