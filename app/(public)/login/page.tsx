import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthFrame } from "@/components/auth/auth-frame";
import { LegalLinks } from "@/components/auth/legal-links";
import { LoginForm } from "@/components/auth/login-form";
import { env } from "@/lib/env";
import { afterLoginPath } from "@/lib/navigation/safe-next";
import { sessionUser } from "../session-user";

export const metadata: Metadata = { title: "Log in" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  if (await sessionUser()) redirect("/feed");
  const { next } = await searchParams;
  const registerHref = typeof next === "string" ? `/register?next=${encodeURIComponent(next)}` : "/register";
  return (
    <AuthFrame
      title="Welcome back"
      subtitle="Log in to read your newsletters."
      footer={
        <div className="space-y-4">
          <p>
            New to Paperboy?{" "}
            <Link href={registerHref} className="font-semibold text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400">
              Create an account
            </Link>
          </p>
          <LegalLinks />
        </div>
      }
    >
      <LoginForm next={afterLoginPath(next)} googleClientId={env.GOOGLE_CLIENT_ID ?? null} />
    </AuthFrame>
  );
}
