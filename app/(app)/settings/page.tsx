import type { Metadata } from "next";
import { AccountSections } from "@/components/settings/account-sections";
import { BlockedSendersSection } from "@/components/settings/blocked-senders-section";
import { DeliveryLogSection } from "@/components/settings/delivery-log-section";
import { FeedsSection } from "@/components/settings/feeds-section";
import { SettingsView } from "@/components/settings/settings-view";

export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  return (
    <>
      <SettingsView />
      <FeedsSection />
      <BlockedSendersSection />
      <DeliveryLogSection />
      <AccountSections />
    </>
  );
}
