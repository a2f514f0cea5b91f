// The choices a connected mailbox takes, apart from its table so the browser's form can read them
// (through lib/mailboxes/schemas.ts) without the table definitions.
export const MAILBOX_TLS = ["implicit", "starttls", "none"] as const;
export const MAILBOX_AFTER_FILING = ["leave", "mark_read", "move"] as const;
