"use client";

import dynamic from "next/dynamic";

// The sections of Settings' later tabs: each tab's code is fetched when it is first shown, not with the page
// (issue 41's budget). Loaded on the client only, as the tab that shows them is chosen there.
export const AddressesSection = dynamic(() => import("./addresses-section").then((module) => module.AddressesSection), { ssr: false });
export const BlockedSendersSection = dynamic(() => import("./blocked-senders-section").then((module) => module.BlockedSendersSection), {
  ssr: false,
});
export const DataSection = dynamic(() => import("./data-section").then((module) => module.DataSection), { ssr: false });
export const DeliveryLogSection = dynamic(() => import("./delivery-log-section").then((module) => module.DeliveryLogSection), {
  ssr: false,
});
export const DigestSection = dynamic(() => import("./digest-section").then((module) => module.DigestSection), { ssr: false });
export const FeedsSection = dynamic(() => import("./feeds-section").then((module) => module.FeedsSection), { ssr: false });
export const FollowedFeedsSection = dynamic(() => import("./followed-feeds-section").then((module) => module.FollowedFeedsSection), {
  ssr: false,
});
export const ImportSection = dynamic(() => import("./import-section").then((module) => module.ImportSection), { ssr: false });
export const KindleSection = dynamic(() => import("./kindle-section").then((module) => module.KindleSection), { ssr: false });
export const MailboxesSection = dynamic(() => import("./mailboxes-section").then((module) => module.MailboxesSection), { ssr: false });
export const PersonalMailSection = dynamic(() => import("./personal-mail-section").then((module) => module.PersonalMailSection), {
  ssr: false,
});
export const RulesSection = dynamic(() => import("../rules/rules-section").then((module) => module.RulesSection), { ssr: false });
export const ScreenerSection = dynamic(() => import("../screener/screener-section").then((module) => module.ScreenerSection), {
  ssr: false,
});
export const SummariesSection = dynamic(() => import("./summaries-section").then((module) => module.SummariesSection), { ssr: false });
export const TokensSection = dynamic(() => import("./tokens-section").then((module) => module.TokensSection), { ssr: false });
export const WebhooksSection = dynamic(() => import("./webhooks-section").then((module) => module.WebhooksSection), { ssr: false });
