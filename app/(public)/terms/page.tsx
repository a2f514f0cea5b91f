import type { Metadata } from "next";
import Link from "next/link";
import { LegalPage } from "@/components/legal/legal-page";

export const metadata: Metadata = { title: "Terms of Service" };

export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="November 2026">
      <p>Paperboy gives you a private e-mail address and a feed for the newsletters sent to it. By creating an account you agree to these terms.</p>
      <h2>Your account</h2>
      <ul>
        <li>Keep your password to yourself; you are responsible for what is done with your account.</li>
        <li>Your Paperboy address is yours while your account exists. Mail to addresses you held before keeps reaching you.</li>
      </ul>
      <h2>What you send to Paperboy</h2>
      <ul>
        <li>Only subscribe or forward mail you are entitled to receive. The newsletters stay their authors&apos; work.</li>
        <li>Comments are public to the other readers of an issue. Do not post anything unlawful, hateful or that is not yours to share.</li>
        <li>Share links let anyone read an issue. Share only what its author allows to be shared.</li>
      </ul>
      <h2>Fair use</h2>
      <p>Do not use Paperboy to send spam, to get around a newsletter&apos;s paywall for others, or to overload or attack the service. The people who run this Paperboy site may close accounts that do.</p>
      <h2>The service</h2>
      <p>Paperboy is provided as it is, without a guarantee that it is always available or that every message arrives. Keep your own copy of anything you cannot afford to lose. These terms may change; the date above says when they last did.</p>
      <p>
        How your data is handled is described in the <Link href="/privacy" className="font-medium text-indigo-700 underline underline-offset-4 dark:text-indigo-300">Privacy Policy</Link>.
      </p>
    </LegalPage>
  );
}
