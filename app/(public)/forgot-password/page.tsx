import type { Metadata } from "next";
import Link from "next/link";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <AuthFrame
      title="Forgot your password?"
      subtitle="Enter the e-mail you sign in with, and we will mail you a link to set a new password."
      footer={
        <Link href="/login" className="font-semibold text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400">
          Back to log in
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthFrame>
  );
}
