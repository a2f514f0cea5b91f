import type { Metadata } from "next";
import { DangerZone } from "@/components/settings/danger-zone";
import { PasswordForm } from "@/components/settings/password-form";
import {
  AddressesSection,
  BlockedSendersSection,
  DataSection,
  DeliveryLogSection,
  DigestSection,
  FeedsSection,
  FollowedFeedsSection,
  ImportSection,
  KindleSection,
  MailboxesSection,
  PersonalMailSection,
  RulesSection,
  ScreenerSection,
  SummariesSection,
  TokensSection,
  WebhooksSection,
} from "@/components/settings/lazy-sections";
import { SettingsTabs } from "@/components/settings/settings-tabs";
import { SettingsView } from "@/components/settings/settings-view";

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
