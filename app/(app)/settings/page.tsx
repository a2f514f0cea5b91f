import type { Metadata } from "next";
import { AccountSections } from "@/components/settings/account-sections";
import { FeedsSection } from "@/components/settings/feeds-section";
import { SettingsView } from "@/components/settings/settings-view";

export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  return (
    <>
      <SettingsView />
      <FeedsSection />
      <AccountSections />
    </>
  );
}
