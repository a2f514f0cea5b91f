import type { RouteTable } from "@/lib/openapi/document";

/**
 * Every app/api route file, by the path it serves: the API document (GET /api/openapi.json) is written
 * from the handlers these load. It lives here, beside the route that serves it, because lib/ never
 * imports app/ (`npm run deps` refuses it). A new route file needs its one line here; tests/integration/openapi.test.ts
 * fails, naming the line, until it has it. The notes after `load` say what the file cannot: a success
 * status other than 200, a media type other than JSON.
 */
export const ROUTES: RouteTable = {
  "/api/auth/google": { load: () => import("@/app/api/auth/google/route") },
  "/api/auth/login": { load: () => import("@/app/api/auth/login/route") },
  "/api/auth/logout": { load: () => import("@/app/api/auth/logout/route"), POST: { status: 204 } },
  "/api/auth/password-reset": { load: () => import("@/app/api/auth/password-reset/route"), POST: { status: 202 } },
  "/api/auth/password-reset/confirm": { load: () => import("@/app/api/auth/password-reset/confirm/route"), POST: { status: 204 } },
  "/api/auth/register": { load: () => import("@/app/api/auth/register/route") },
  "/api/better-auth/{all}": { load: () => import("@/app/api/better-auth/[...all]/route") },
  "/api/digest/unsubscribe": { load: () => import("@/app/api/digest/unsubscribe/route") },
  "/api/docs": { load: () => import("@/app/api/docs/route"), GET: { type: "text/html" } },
  "/api/docs/redoc.standalone.js": { load: () => import("@/app/api/docs/redoc.standalone.js/route"), GET: { type: "text/javascript" } },
  "/api/greader/accounts/ClientLogin": {
    load: () => import("@/app/api/greader/accounts/ClientLogin/route"),
    POST: {
      type: "text/plain",
      summary:
        "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): sign in, Email any, Passwd an access token",
    },
  },
  "/api/greader/reader/api/0/edit-tag": {
    load: () => import("@/app/api/greader/reader/api/0/edit-tag/route"),
    POST: {
      type: "text/plain",
      summary:
        "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): mark items read or starred",
    },
  },
  "/api/greader/reader/api/0/mark-all-as-read": {
    load: () => import("@/app/api/greader/reader/api/0/mark-all-as-read/route"),
    POST: {
      type: "text/plain",
      summary:
        "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): mark a stream read",
    },
  },
  "/api/greader/reader/api/0/stream/contents/{stream}": {
    load: () => import("@/app/api/greader/reader/api/0/stream/contents/[...stream]/route"),
    GET: {
      summary:
        "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): a stream's items",
    },
    POST: {
      summary:
        "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): a stream's items",
    },
  },
  "/api/greader/reader/api/0/stream/items/contents": {
    load: () => import("@/app/api/greader/reader/api/0/stream/items/contents/route"),
    GET: {
      summary: "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): items by id",
    },
    POST: {
      summary: "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): items by id",
    },
  },
  "/api/greader/reader/api/0/stream/items/ids": {
    load: () => import("@/app/api/greader/reader/api/0/stream/items/ids/route"),
    GET: {
      summary:
        "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): a stream's item ids",
    },
    POST: {
      summary:
        "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): a stream's item ids",
    },
  },
  "/api/greader/reader/api/0/subscription/list": {
    load: () => import("@/app/api/greader/reader/api/0/subscription/list/route"),
    GET: {
      summary:
        "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): one feed per newsletter",
    },
  },
  "/api/greader/reader/api/0/tag/list": {
    load: () => import("@/app/api/greader/reader/api/0/tag/list/route"),
    GET: {
      summary:
        "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): folders and starred",
    },
  },
  "/api/greader/reader/api/0/token": {
    load: () => import("@/app/api/greader/reader/api/0/token/route"),
    GET: {
      type: "text/plain",
      summary:
        "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): the action token T",
    },
  },
  "/api/greader/reader/api/0/unread-count": {
    load: () => import("@/app/api/greader/reader/api/0/unread-count/route"),
    GET: {
      summary:
        "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): unread items per feed",
    },
  },
  "/api/greader/reader/api/0/user-info": {
    load: () => import("@/app/api/greader/reader/api/0/user-info/route"),
    GET: {
      summary:
        "Google Reader API for reader apps (`Authorization: GoogleLogin auth=<access token>`, as ClientLogin answers): who is signed in",
    },
  },
  "/api/health": { load: () => import("@/app/api/health/route") },
  "/api/health/ready": { load: () => import("@/app/api/health/ready/route") },
  "/api/highlights/{highlightId}": { load: () => import("@/app/api/highlights/[highlightId]/route"), DELETE: { status: 204 } },
  "/api/inbound/email": { load: () => import("@/app/api/inbound/email/route") },
  "/api/inbound/mailgun": { load: () => import("@/app/api/inbound/mailgun/route") },
  "/api/inbound/postmark": { load: () => import("@/app/api/inbound/postmark/route") },
  "/api/inbound/websub/{feedId}": {
    load: () => import("@/app/api/inbound/websub/[feedId]/route"),
    GET: { type: "text/plain" },
    POST: { status: 202 },
  },
  "/api/issues/comments": { load: () => import("@/app/api/issues/comments/route") },
  "/api/issues/favorited": { load: () => import("@/app/api/issues/favorited/route") },
  "/api/issues/feed": { load: () => import("@/app/api/issues/feed/route") },
  "/api/issues/feed/mark-read": { load: () => import("@/app/api/issues/feed/mark-read/route") },
  "/api/issues/feed/mark-unread": { load: () => import("@/app/api/issues/feed/mark-unread/route") },
  "/api/issues/liked": { load: () => import("@/app/api/issues/liked/route") },
  "/api/issues/share/{shareId}": { load: () => import("@/app/api/issues/share/[shareId]/route") },
  "/api/issues/trending": { load: () => import("@/app/api/issues/trending/route") },
  "/api/issues/{emailId}": { load: () => import("@/app/api/issues/[emailId]/route") },
  "/api/issues/{emailId}/attachments": { load: () => import("@/app/api/issues/[emailId]/attachments/route") },
  "/api/issues/{emailId}/attachments/{attachmentId}": {
    load: () => import("@/app/api/issues/[emailId]/attachments/[attachmentId]/route"),
    GET: { type: "application/octet-stream" },
  },
  "/api/issues/{emailId}/comments": { load: () => import("@/app/api/issues/[emailId]/comments/route"), POST: { status: 201 } },
  "/api/issues/{emailId}/epub": { load: () => import("@/app/api/issues/[emailId]/epub/route"), GET: { type: "application/epub+zip" } },
  "/api/issues/{emailId}/send-to-kindle": {
    load: () => import("@/app/api/issues/[emailId]/send-to-kindle/route"),
    POST: { status: 202 },
  },
  "/api/issues/{emailId}/highlights": { load: () => import("@/app/api/issues/[emailId]/highlights/route"), POST: { status: 201 } },
  "/api/issues/{emailId}/interactions": { load: () => import("@/app/api/issues/[emailId]/interactions/route") },
  "/api/issues/{emailId}/progress": { load: () => import("@/app/api/issues/[emailId]/progress/route"), PUT: { status: 204 } },
  "/api/mcp": {
    load: () => import("@/app/api/mcp/route"),
    POST: {
      summary:
        "Model Context Protocol (Streamable HTTP, stateless, JSON answers) for assistants, with an access token as a Bearer credential: tools search_issues, get_issue, list_newsletters, list_highlights; with a write token mark_read and add_highlight. See docs/api.md",
    },
  },
  "/api/metrics": { load: () => import("@/app/api/metrics/route") },
  "/api/newsletters/categories": { load: () => import("@/app/api/newsletters/categories/route") },
  "/api/newsletters/category/{categoryId}": { load: () => import("@/app/api/newsletters/category/[categoryId]/route") },
  "/api/newsletters/featured": { load: () => import("@/app/api/newsletters/featured/route") },
  "/api/newsletters/popular": { load: () => import("@/app/api/newsletters/popular/route") },
  "/api/newsletters/recommended": { load: () => import("@/app/api/newsletters/recommended/route") },
  "/api/newsletters/search": { load: () => import("@/app/api/newsletters/search/route") },
  "/api/newsletters/subscribe": { load: () => import("@/app/api/newsletters/subscribe/route") },
  "/api/newsletters/trending": { load: () => import("@/app/api/newsletters/trending/route") },
  "/api/newsletters/{newsletterId}": { load: () => import("@/app/api/newsletters/[newsletterId]/route") },
  "/api/newsletters/{newsletterId}/mute": { load: () => import("@/app/api/newsletters/[newsletterId]/mute/route") },
  "/api/newsletters/{newsletterId}/recent_issues": { load: () => import("@/app/api/newsletters/[newsletterId]/recent_issues/route") },
  "/api/newsletters/{newsletterId}/subscription": { load: () => import("@/app/api/newsletters/[newsletterId]/subscription/route") },
  "/api/newsletters/{newsletterId}/unsubscribe": { load: () => import("@/app/api/newsletters/[newsletterId]/unsubscribe/route") },
  "/api/openapi.json": { load: () => import("@/app/api/openapi.json/route") },
  "/api/share/email/{shareId}": { load: () => import("@/app/api/share/email/[shareId]/route") },
  "/api/subscriptions/bulk": { load: () => import("@/app/api/subscriptions/bulk/route") },
  "/api/subscriptions/{subscriptionId}": { load: () => import("@/app/api/subscriptions/[subscriptionId]/route") },
  "/api/users/me": { load: () => import("@/app/api/users/me/route"), DELETE: { status: 204 } },
  "/api/users/me/addresses": { load: () => import("@/app/api/users/me/addresses/route"), POST: { status: 201 } },
  "/api/users/me/addresses/{addressId}": { load: () => import("@/app/api/users/me/addresses/[addressId]/route"), DELETE: { status: 204 } },
  "/api/users/me/blocked-senders": { load: () => import("@/app/api/users/me/blocked-senders/route"), POST: { status: 201 } },
  "/api/users/me/blocked-senders/{blockedSenderId}": {
    load: () => import("@/app/api/users/me/blocked-senders/[blockedSenderId]/route"),
    DELETE: { status: 204 },
  },
  "/api/users/me/comments": { load: () => import("@/app/api/users/me/comments/route") },
  "/api/users/me/deliveries": { load: () => import("@/app/api/users/me/deliveries/route") },
  "/api/users/me/digest": { load: () => import("@/app/api/users/me/digest/route") },
  "/api/users/me/digest/send": { load: () => import("@/app/api/users/me/digest/send/route"), POST: { status: 202 } },
  "/api/users/me/events": { load: () => import("@/app/api/users/me/events/route") },
  "/api/users/me/export": { load: () => import("@/app/api/users/me/export/route"), GET: { type: "application/zip" } },
  "/api/users/me/export/markdown": { load: () => import("@/app/api/users/me/export/markdown/route"), GET: { type: "application/zip" } },
  "/api/users/me/feeds": { load: () => import("@/app/api/users/me/feeds/route") },
  "/api/users/me/feeds.opml": { load: () => import("@/app/api/users/me/feeds.opml/route"), GET: { type: "text/x-opml" } },
  "/api/users/me/feeds/rotate": { load: () => import("@/app/api/users/me/feeds/rotate/route") },
  "/api/users/me/folders": { load: () => import("@/app/api/users/me/folders/route"), POST: { status: 201 } },
  "/api/users/me/folders/{folderId}": { load: () => import("@/app/api/users/me/folders/[folderId]/route"), DELETE: { status: 204 } },
  "/api/users/me/folders/{folderId}/epub": {
    load: () => import("@/app/api/users/me/folders/[folderId]/epub/route"),
    GET: { type: "application/epub+zip" },
  },
  "/api/users/me/folders/{folderId}/emails": { load: () => import("@/app/api/users/me/folders/[folderId]/emails/route") },
  "/api/users/me/folders/{folderId}/emails/{emailId}": {
    load: () => import("@/app/api/users/me/folders/[folderId]/emails/[emailId]/route"),
    DELETE: { status: 204 },
  },
  "/api/users/me/highlights": { load: () => import("@/app/api/users/me/highlights/route") },
  "/api/users/me/highlights.csv": { load: () => import("@/app/api/users/me/highlights.csv/route"), GET: { type: "text/csv" } },
  "/api/users/me/kindle": { load: () => import("@/app/api/users/me/kindle/route") },
  "/api/users/me/kindle/sends": { load: () => import("@/app/api/users/me/kindle/sends/route") },
  "/api/users/me/kindle/test": { load: () => import("@/app/api/users/me/kindle/test/route"), POST: { status: 202 } },
  "/api/users/me/highlights.md": { load: () => import("@/app/api/users/me/highlights.md/route"), GET: { type: "text/markdown" } },
  "/api/users/me/imports": { load: () => import("@/app/api/users/me/imports/route"), POST: { status: 202 } },
  "/api/users/me/imports/{importId}": { load: () => import("@/app/api/users/me/imports/[importId]/route") },
  "/api/users/me/imports/{importId}/failures": { load: () => import("@/app/api/users/me/imports/[importId]/failures/route") },
  "/api/users/me/feed-subscriptions": { load: () => import("@/app/api/users/me/feed-subscriptions/route"), POST: { status: 201 } },
  "/api/users/me/feed-subscriptions/opml": {
    load: () => import("@/app/api/users/me/feed-subscriptions/opml/route"),
    POST: { status: 202 },
  },
  "/api/users/me/feed-subscriptions/{subscriptionId}": {
    load: () => import("@/app/api/users/me/feed-subscriptions/[subscriptionId]/route"),
    DELETE: { status: 204 },
  },
  "/api/users/me/feed-subscriptions/{subscriptionId}/refresh": {
    load: () => import("@/app/api/users/me/feed-subscriptions/[subscriptionId]/refresh/route"),
    POST: { status: 202 },
  },
  "/api/users/me/mailboxes": { load: () => import("@/app/api/users/me/mailboxes/route"), POST: { status: 201 } },
  "/api/users/me/mailboxes/{mailboxId}": { load: () => import("@/app/api/users/me/mailboxes/[mailboxId]/route"), DELETE: { status: 204 } },
  "/api/users/me/mailboxes/{mailboxId}/sync": {
    load: () => import("@/app/api/users/me/mailboxes/[mailboxId]/sync/route"),
    POST: { status: 202 },
  },
  "/api/users/me/password": { load: () => import("@/app/api/users/me/password/route"), PUT: { status: 204 } },
  "/api/users/me/personal-mail": { load: () => import("@/app/api/users/me/personal-mail/route") },
  "/api/users/me/rules": { load: () => import("@/app/api/users/me/rules/route"), POST: { status: 201 } },
  "/api/users/me/rules/preview": { load: () => import("@/app/api/users/me/rules/preview/route") },
  "/api/users/me/rules/{ruleId}": { load: () => import("@/app/api/users/me/rules/[ruleId]/route"), DELETE: { status: 204 } },
  "/api/users/me/rules/{ruleId}/apply": { load: () => import("@/app/api/users/me/rules/[ruleId]/apply/route") },
  "/api/users/me/sample-issue": { load: () => import("@/app/api/users/me/sample-issue/route"), POST: { status: 202 } },
  "/api/users/me/saved-searches": { load: () => import("@/app/api/users/me/saved-searches/route"), POST: { status: 201 } },
  "/api/users/me/saved-searches/{savedSearchId}": {
    load: () => import("@/app/api/users/me/saved-searches/[savedSearchId]/route"),
    DELETE: { status: 204 },
  },
  "/api/users/me/screener": { load: () => import("@/app/api/users/me/screener/route") },
  "/api/users/me/screener/allow": { load: () => import("@/app/api/users/me/screener/allow/route") },
  "/api/users/me/screener/deny": { load: () => import("@/app/api/users/me/screener/deny/route") },
  "/api/users/me/screener/senders": { load: () => import("@/app/api/users/me/screener/senders/route") },
  "/api/users/me/sender-choices": { load: () => import("@/app/api/users/me/sender-choices/route") },
  "/api/users/me/subscriptions": { load: () => import("@/app/api/users/me/subscriptions/route") },
  "/api/users/me/summaries": { load: () => import("@/app/api/users/me/summaries/route") },
  "/api/users/me/tokens": { load: () => import("@/app/api/users/me/tokens/route"), POST: { status: 201 } },
  "/api/users/me/tokens/{tokenId}": { load: () => import("@/app/api/users/me/tokens/[tokenId]/route"), DELETE: { status: 204 } },
  "/api/users/me/unique-email": { load: () => import("@/app/api/users/me/unique-email/route") },
  "/api/users/me/webhooks": { load: () => import("@/app/api/users/me/webhooks/route"), POST: { status: 201 } },
  "/api/users/me/webhooks/{webhookId}": { load: () => import("@/app/api/users/me/webhooks/[webhookId]/route"), DELETE: { status: 204 } },
  "/api/users/me/webhooks/{webhookId}/deliveries": { load: () => import("@/app/api/users/me/webhooks/[webhookId]/deliveries/route") },
};

/** Route files left out of the document, and why. */
export const UNDOCUMENTED: Record<string, string> = {
  "app/api/[...path]/route.ts": "the fallback: any other /api path answers 404",
  "app/api/greader/[...path]/route.ts": "the Google Reader API's fallback: a call it does not serve answers 404",
};
