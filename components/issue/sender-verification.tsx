import type { EmailDetail } from "@/lib/client/issues";
import { BadgeCheckIcon } from "../ui/reader-icons";

/**
 * Whether the sender proved the domain it writes from (a DKIM signature checked on arrival, docs/contract.md 7.2),
 * in words: mail that did not stays in this reader's inbox and is never shown to anyone else.
 */
export function SenderVerification({ email }: { email: Pick<EmailDetail, "sender_verified" | "sender_verified_domain"> }) {
  if (email.sender_verified && email.sender_verified_domain) {
    return (
      <p className="mt-1 flex items-center gap-1 text-xs text-emerald-700 dark:text-emerald-300">
        <BadgeCheckIcon width={14} height={14} aria-hidden="true" />
        <span className="min-w-0 wrap-anywhere">Verified sender: {email.sender_verified_domain}</span>
      </p>
    );
  }
  return (
    <p className="mt-1 text-xs text-slate-500 dark:text-slate-400" title="The message carried no valid signature of its sender's domain.">
      Sender not verified
    </p>
  );
}
