import type { Metadata } from "next";
import Link from "next/link";
import { LegalPage } from "@/components/legal/legal-page";

export const metadata: Metadata = { title: "Privacy Policy" };

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="November 2026">
      <p>Paperboy keeps the newsletters you send to your Paperboy address in one feed. This page says what it stores about you, who can see it, and why.</p>
      <h2>What Paperboy stores</h2>
      <ul>
        <li>Your account: your name, your e-mail address, a username made from your name, and your password, stored only as a hash. If you sign in with Google, Google tells Paperboy your name and verified e-mail address.</li>
        <li>Your Paperboy address, and the earlier ones you chose, so mail sent to them still reaches you.</li>
        <li>The mail sent to your addresses: the original message as received, and the issue made from it (subject, sender, date, text, summary and cleaned-up HTML).</li>
        <li>What you do with issues: likes, favourites, folders, comments, which issues you read and for how long, and your subscriptions.</li>
        <li>A session cookie that keeps you signed in. Your light or dark theme is kept in your own browser, not on the server.</li>
      </ul>
      <h2>Who can see what</h2>
      <ul>
        <li>Your feed, your interactions and your folders are yours alone.</li>
        <li>Your comments show, with your username, to everyone who can read the same issue.</li>
        <li>Each issue has a share link. Anyone with the link can read the issue without an account; the shared page never shows who received or shared it.</li>
        <li>A newsletter that at least three readers receive can appear in Discover. Other readers then see its issues with the recipient&apos;s address, name and personal links (such as unsubscribe links) removed.</li>
      </ul>
      <h2>What Paperboy does not do</h2>
      <ul>
        <li>It shows no ads and sells no data.</li>
        <li>It removes tracking pixels and known trackers from newsletters before they are stored. Other remote images load from the sender&apos;s servers when you open an issue.</li>
      </ul>
      <h2>Your choices</h2>
      <p>You can change your Paperboy address in onboarding, unsubscribe from any newsletter, and remove likes, favourites and folders at any time. To have your account and its mail deleted, ask the people who run this Paperboy site.</p>
      <p>
        See also the <Link href="/terms" className="font-medium text-indigo-700 underline underline-offset-4 dark:text-indigo-300">Terms of Service</Link>.
      </p>
    </LegalPage>
  );
}
