import type { Metadata } from "next";
import { AccountSections } from "@/components/settings/account-sections";
import { AddressesSection } from "@/components/settings/addresses-section";
import { BlockedSendersSection } from "@/components/settings/blocked-senders-section";
import { DigestSection } from "@/components/settings/digest-section";
import { DeliveryLogSection } from "@/components/settings/delivery-log-section";
import { FeedsSection } from "@/components/settings/feeds-section";
import { MailboxesSection } from "@/components/settings/mailboxes-section";
import { RulesSection } from "@/components/rules/rules-section";
import { ScreenerSection } from "@/components/screener/screener-section";
import { SettingsView } from "@/components/settings/settings-view";
import { TokensSection } from "@/components/settings/tokens-section";
import { WebhooksSection } from "@/components/settings/webhooks-section";

export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  return (
    <>
      <SettingsView />
      <MailboxesSection />
      <AddressesSection />
      <FeedsSection />
      <DigestSection />
      <TokensSection />
      <WebhooksSection />
      <RulesSection />
      <ScreenerSection />
      <BlockedSendersSection />
      <DeliveryLogSection />
      <AccountSections />
    </>
  );
}
