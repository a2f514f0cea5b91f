import type { MailboxTls } from "@/lib/client/mailboxes";

/** Where a provider's IMAP server is and how a reader makes the app password it asks for. */
export type PasswordPreset = {
  id: "gmail" | "icloud" | "fastmail" | "yahoo";
  name: string;
  host: string;
  port: number;
  tls: MailboxTls;
  /** Where the reader makes an app password, and the steps around it. */
  appPasswordUrl: string;
  steps: string[];
};

/** A provider whose IMAP takes no password at all, only its own sign-in (OAuth), which Paperboy does not offer yet. */
type OAuthOnlyPreset = { id: "outlook"; name: string; oauthOnly: true; explanation: string };

/** Any other server: the reader gives host, port and security. */
type OtherPreset = { id: "other"; name: string };

export type MailboxPreset = PasswordPreset | OAuthOnlyPreset | OtherPreset;
export type MailboxPresetId = MailboxPreset["id"];

export const MAILBOX_PRESETS: MailboxPreset[] = [
  {
    id: "gmail",
    name: "Gmail",
    host: "imap.gmail.com",
    port: 993,
    tls: "implicit",
    appPasswordUrl: "https://myaccount.google.com/apppasswords",
    steps: [
      "Turn on 2-Step Verification for your Google account, if it is not on already.",
      "Make an app password at myaccount.google.com/apppasswords and paste it below (not your Google password).",
      "Make sure IMAP is enabled: Gmail → Settings → See all settings → Forwarding and POP/IMAP.",
    ],
  },
  {
    id: "icloud",
    name: "iCloud",
    host: "imap.mail.me.com",
    port: 993,
    tls: "implicit",
    appPasswordUrl: "https://appleid.apple.com",
    steps: [
      "Sign in at appleid.apple.com → Sign-In and Security → App-Specific Passwords, and make one for Paperboy.",
      "Use your iCloud Mail address (…@icloud.com) as the username.",
    ],
  },
  {
    id: "fastmail",
    name: "Fastmail",
    host: "imap.fastmail.com",
    port: 993,
    tls: "implicit",
    appPasswordUrl: "https://app.fastmail.com/settings/security/apps",
    steps: ["In Fastmail, open Settings → Privacy & Security → Manage app passwords, and make one with IMAP access."],
  },
  {
    id: "yahoo",
    name: "Yahoo",
    host: "imap.mail.yahoo.com",
    port: 993,
    tls: "implicit",
    appPasswordUrl: "https://login.yahoo.com/account/security",
    steps: ["In your Yahoo account, open Account security → Generate app password, and make one for Paperboy."],
  },
  {
    id: "outlook",
    name: "Outlook.com / Microsoft 365",
    oauthOnly: true,
    explanation:
      "Microsoft allows IMAP only with its own sign-in (OAuth), never with a password, and Paperboy does not offer that sign-in yet. Forward your newsletters to your Paperboy address instead: in Outlook on the web, open Settings → Mail → Rules → Add new rule, choose the condition “From” with your newsletters’ senders, and the action “Forward to” with your Paperboy address.",
  },
  { id: "other", name: "Other" },
];

export const TLS_LABELS: Record<MailboxTls, string> = { implicit: "SSL/TLS", starttls: "STARTTLS", none: "None" };

/** The port each kind of security usually listens on. */
export const DEFAULT_PORTS: Record<MailboxTls, number> = { implicit: 993, starttls: 143, none: 143 };

export function findPreset(id: MailboxPresetId): MailboxPreset {
  return MAILBOX_PRESETS.find((preset) => preset.id === id) ?? MAILBOX_PRESETS[MAILBOX_PRESETS.length - 1];
}
