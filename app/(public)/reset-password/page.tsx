import type { Metadata } from "next";
import Link from "next/link";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const metadata: Metadata = { title: "Reset password", referrer: "no-referrer" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <AuthFrame
      title="Set a new password"
      subtitle="Choose a password of at least 6 characters."
      footer={
        <Link href="/login" className="font-semibold text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400">
          Back to log in
        </Link>
      }
    >
      <ResetPasswordForm token={typeof token === "string" ? token : ""} />
    </AuthFrame>
  );
}
