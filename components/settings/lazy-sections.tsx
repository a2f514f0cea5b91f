"use client";

import { lazyComponent } from "../ui/lazy-component";

// The sections of Settings' later tabs: each tab's code is fetched when it is first shown, not with the page
// (issue 41's budget). Loaded on the client only, as the tab that shows them is chosen there.
export const AddressesSection = lazyComponent(() => import("./addresses-section").then((module) => module.AddressesSection));
export const BlockedSendersSection = lazyComponent(() =>
  import("./blocked-senders-section").then((module) => module.BlockedSendersSection),
);
export const DataSection = lazyComponent(() => import("./data-section").then((module) => module.DataSection));
export const DeliveryLogSection = lazyComponent(() => import("./delivery-log-section").then((module) => module.DeliveryLogSection));
export const DigestSection = lazyComponent(() => import("./digest-section").then((module) => module.DigestSection));
export const FeedsSection = lazyComponent(() => import("./feeds-section").then((module) => module.FeedsSection));
export const FollowedFeedsSection = lazyComponent(() => import("./followed-feeds-section").then((module) => module.FollowedFeedsSection));
export const ImportSection = lazyComponent(() => import("./import-section").then((module) => module.ImportSection));
export const KindleSection = lazyComponent(() => import("./kindle-section").then((module) => module.KindleSection));
export const MailboxesSection = lazyComponent(() => import("./mailboxes-section").then((module) => module.MailboxesSection));
export const PersonalMailSection = lazyComponent(() => import("./personal-mail-section").then((module) => module.PersonalMailSection));
export const RulesSection = lazyComponent(() => import("../rules/rules-section").then((module) => module.RulesSection));
export const ScreenerSection = lazyComponent(() => import("../screener/screener-section").then((module) => module.ScreenerSection));
export const SummariesSection = lazyComponent(() => import("./summaries-section").then((module) => module.SummariesSection));
export const TokensSection = lazyComponent(() => import("./tokens-section").then((module) => module.TokensSection));
export const WebhooksSection = lazyComponent(() => import("./webhooks-section").then((module) => module.WebhooksSection));
