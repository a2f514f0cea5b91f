"use client";

import { useCurrentUser } from "@/lib/auth/hooks";
import { DangerZone } from "./danger-zone";
import { DataSection } from "./data-section";
import { ImportSection } from "./import-section";
import { PasswordForm } from "./password-form";

/** The reader's account and data (docs/contract.md 6.3): password, import, export, and deletion last. */
export function AccountSections() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="mx-auto mt-5 max-w-2xl space-y-5">
      <PasswordForm />
      <ImportSection />
      <DataSection />
      <DangerZone />
    </div>
  );
}
