import type { Metadata } from "next";
import Link from "next/link";
import { AuthFrame } from "@/components/auth/auth-frame";
import { buttonClass } from "@/components/ui/button";
import { HttpError } from "@/lib/api/errors";
import { digestByToken } from "@/lib/digest/service";

// The address holds the reader's unsubscribe token: no other site is told it.
export const metadata: Metadata = { title: "Digest", referrer: "no-referrer" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const linkClass = "font-semibold text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400";

/** Where a digest's unsubscribe link lands: says whether the digest is on, and turns it off only on a click (a POST). */
export default async function DigestUnsubscribePage({ searchParams }: Props) {
  const { token } = await searchParams;
  const given = typeof token === "string" ? token : "";
  const digest = await digestByToken(given).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });
  const footer = (
    <Link href="/settings#digest" className={linkClass}>
      Digest settings
    </Link>
  );

  if (!digest)
    return (
      <AuthFrame title="This link is not valid" subtitle="Open Settings to change or turn off your digest." footer={footer}>
        {null}
      </AuthFrame>
    );
  if (digest.frequency === "off")
    return (
      <AuthFrame title="Your digest is off" subtitle="Paperboy sends you no more digest mail. Turn it back on in Settings." footer={footer}>
        {null}
      </AuthFrame>
    );
  return (
    <AuthFrame
      title="Turn off your digest?"
      subtitle={`You get a ${digest.frequency} digest of your unread issues by mail. Turn it off to get no more.`}
      footer={footer}
    >
      <form method="post" action={`/api/digest/unsubscribe?${new URLSearchParams({ token: given })}`}>
        <button type="submit" className={buttonClass("primary", "w-full")}>
          Turn off the digest
        </button>
      </form>
    </AuthFrame>
  );
}
