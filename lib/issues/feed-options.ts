// The feed's sorts and filters, free of zod: the feed's controls use them in the browser (issue 34's budget).

export const SORT_FIELDS = ["date_received", "subject", "sender_name", "time_to_read"] as const;
export const RECENCY_FILTERS = ["all_time", "last_7_days", "last_30_days", "last_90_days"] as const;
export const READ_FILTERS = ["all", "read", "unread"] as const;
export const SUBSCRIPTION_FILTERS = ["all", "subscribed", "unsubscribed"] as const;
