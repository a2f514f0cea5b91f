import "server-only";

/** Open-tracking pixels of the ESPs seen in real newsletters (research notes section 3.2). */
const PIXEL_URLS = [
  /^https?:\/\/open\.convertkit-mail\d*\.com\//i,
  /^https?:\/\/[^/]*\.ct\.sendgrid\.net\/(?:ss\/o|wf\/open)\//i,
  /^https?:\/\/mailgun\.substack\.com\/api\/v1\/email\/open/i,
  /^https?:\/\/email\.mg\d*\.substack\.com\/o\//i,
  /^https?:\/\/email\.mg[^/]*\/o\//i,
  /^https?:\/\/[^/]*\.list-manage\.com\/track\/open/i,
  /^https?:\/\/trk\.klclick\d*\.com\/wf\/open/i,
  /^https?:\/\/r\.[^/]+\/tr\/op\//i,
  /^https?:\/\/stats-[^/]*\.crsend\.com\/stats\//i,
  /^https?:\/\/[^/]*amxe\.net\/[\w-]+\.gif/i,
  /^https?:\/\/newsletter\.inxmail\.de\/d\/d\.gif/i,
  /^https?:\/\/(?:www\.)?[a-z]+weekly\.com\/open\//i,
  /^https?:\/\/sli\.[^/]+\/imp\b/i,
  /^https?:\/\/go\.[^/]+\/oo\//i,
  // Sailthru (Axios, Bloomberg): link.<publisher>/img/<recipient and campaign>/<hash>.gif
  /^https?:\/\/link\.[^/]+\/img\/[^/]+\/[\w-]+\.gif\b/i,
  /^https?:\/\/[^/]*\/(?:e\/)?open\.php\b/i,
  /^https?:\/\/[^/]*(?:pixel|beacon)[^/]*\//i,
  /[/?&](?:pixel|beacon|track(?:ing)?[_-]?open|open[_-]?track)\b/i,
];

/** Click redirectors that carry a per-recipient token in their path or query. */
const CLICK_URLS = [
  // SendGrid's tracking host: every path on it (ls/click, ss/c, wf/click) names the recipient.
  /^https?:\/\/[^/]*\.ct\.sendgrid\.net\//i,
  // Sailthru: link.<publisher>/click/<recipient>.<campaign>/..., and its web-view link /oc/
  /^https?:\/\/link\.[^/]+\/(?:click|oc)\//i,
  /^https?:\/\/click\.convertkit-mail\d*\.com\//i,
  /^https?:\/\/email\.mg\d*\.substack\.com\/c\//i,
  /^https?:\/\/email\.mg[^/]*\/c\//i,
  /^https?:\/\/[^/]*\.list-manage\.com\/track\/click/i,
  /^https?:\/\/trk\.klclick\d*\.com\//i,
  /^https?:\/\/elink\.[^/]+\//i,
  /^https?:\/\/substack\.com\/redirect\//i,
];

export function isTrackingPixelUrl(url: string): boolean {
  const head = url.slice(0, 2048);
  return PIXEL_URLS.some((pattern) => pattern.test(head));
}

export function isClickTrackerUrl(url: string): boolean {
  const head = url.slice(0, 2048);
  return CLICK_URLS.some((pattern) => pattern.test(head));
}

const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0+)?\s*(?:;|$)|max-height\s*:\s*0|mso-hide\s*:\s*all/i;

export function isHiddenStyle(style: string | undefined): boolean {
  return style !== undefined && HIDDEN_STYLE.test(style);
}

/** A declared size (attribute or inline style) of at most 1 pixel. */
export function isPixelSized(attribs: Record<string, string>): boolean {
  const tiny = (value: string | undefined) => value !== undefined && /^\s*[01](?:\.0+)?\s*(?:px)?\s*$/i.test(value);
  const style = attribs.style ?? "";
  const styleSize = (name: string) => new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`, "i").exec(style)?.[1];
  return tiny(attribs.width) || tiny(attribs.height) || tiny(styleSize("width")) || tiny(styleSize("height"));
}
