import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthFrame } from "@/components/auth/auth-frame";
import { LegalLinks } from "@/components/auth/legal-links";
import { RegisterForm } from "@/components/auth/register-form";
import { env } from "@/lib/env";
import { afterLoginPath } from "@/lib/navigation/safe-next";
import { sessionUser } from "../session-user";

export const metadata: Metadata = { title: "Create account" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RegisterPage({ searchParams }: Props) {
  if (await sessionUser()) redirect("/feed");
  const { next } = await searchParams;
  const loginHref = typeof next === "string" ? `/login?next=${encodeURIComponent(next)}` : "/login";
  return (
    <AuthFrame
      title="Create your account"
      subtitle="Get your own Paperboy address and a feed for every newsletter."
      footer={
        <div className="space-y-4">
          <p>
            Already have an account?{" "}
            <Link href={loginHref} className="font-semibold text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400">
              Log in
            </Link>
          </p>
          <LegalLinks />
        </div>
      }
    >
      <RegisterForm next={afterLoginPath(next)} googleClientId={env.GOOGLE_CLIENT_ID ?? null} />
    </AuthFrame>
  );
}
