import type { Metadata } from "next";
import { AddressesSection } from "@/components/settings/addresses-section";
import { BlockedSendersSection } from "@/components/settings/blocked-senders-section";
import { DangerZone } from "@/components/settings/danger-zone";
import { DataSection } from "@/components/settings/data-section";
import { DigestSection } from "@/components/settings/digest-section";
import { DeliveryLogSection } from "@/components/settings/delivery-log-section";
import { FeedsSection } from "@/components/settings/feeds-section";
import { KindleSection } from "@/components/settings/kindle-section";
import { FollowedFeedsSection } from "@/components/settings/followed-feeds-section";
import { ImportSection } from "@/components/settings/import-section";
import { MailboxesSection } from "@/components/settings/mailboxes-section";
import { PersonalMailSection } from "@/components/settings/personal-mail-section";
import { PasswordForm } from "@/components/settings/password-form";
import { RulesSection } from "@/components/rules/rules-section";
import { ScreenerSection } from "@/components/screener/screener-section";
import { SettingsTabs } from "@/components/settings/settings-tabs";
import { SettingsView } from "@/components/settings/settings-view";
import { SummariesSection } from "@/components/settings/summaries-section";
import { TokensSection } from "@/components/settings/tokens-section";
import { WebhooksSection } from "@/components/settings/webhooks-section";

export const metadata: Metadata = { title: "Settings" };

/**
 * docs/spec.md section 2's account details first, then the rest by what it is about: mail coming in, what
 * reaches the feed and how it is read, and the reader's data and the programs given access to it.
 */
export default function SettingsPage() {
  return (
    <SettingsTabs
      tabs={[
        {
          id: "account",
          label: "Account",
          sections: [],
          content: (
            <>
              <SettingsView />
              <PasswordForm />
              <DangerZone />
            </>
          ),
        },
        {
          id: "mail-in",
          label: "Mail in",
          sections: ["addresses", "personal-mail", "mailboxes", "followed-feeds", "import"],
          content: (
            <>
              <AddressesSection />
              <PersonalMailSection />
              <MailboxesSection />
              <FollowedFeedsSection />
              <ImportSection />
              <DeliveryLogSection />
            </>
          ),
        },
        {
          id: "reading",
          label: "Reading",
          sections: ["screener", "rules", "digest", "kindle", "summaries"],
          content: (
            <>
              <ScreenerSection />
              <RulesSection />
              <BlockedSendersSection />
              <DigestSection />
              <KindleSection />
              <SummariesSection />
              <FeedsSection />
            </>
          ),
        },
        {
          id: "data",
          label: "Data",
          sections: ["tokens", "webhooks"],
          content: (
            <>
              <DataSection />
              <TokensSection />
              <WebhooksSection />
            </>
          ),
        },
      ]}
    />
  );
}
