"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { ApiError, errorMessage } from "@/lib/api/client";
import { useUpdateMe, type User } from "@/lib/client/auth";
import { useDialogFocus } from "../ui/use-dialog-focus";
import { AddressStep } from "./address-step";
import { forgetOnboarded, rememberOnboarded } from "./onboarded-locally";
import { PopularStep } from "./popular-step";
import { ProgressDots } from "./progress-dots";
import { WelcomeStep } from "./welcome-step";

const STEPS = 3;

/**
 * docs/spec.md's 3-step onboarding. Finishing closes it at once (`closed`, which the page behind reads to
 * become usable) while the save is on its way; it stays mounted meanwhile so a failed save loses nothing.
 */
export function OnboardingModal({ user, closed, setClosed }: { user: User; closed: boolean; setClosed: (closed: boolean) => void }) {
  const [step, setStep] = useState(0);
  const updateMe = useUpdateMe();

  const finish = () => {
    setClosed(true);
    rememberOnboarded(user.id);
    updateMe.mutate(
      { model_metadata_field: { onboarded: true } },
      {
        onSuccess: () => forgetOnboarded(user.id),
        onError: (error) => {
          // A save cut off by a reload never got an answer; only the server's refusal undoes the finish.
          if (error instanceof ApiError && error.status > 0) forgetOnboarded(user.id);
          setClosed(false);
        },
      },
    );
  };

  if (closed) return null;
  return (
    <Dialog step={step}>
      {step === 0 && <WelcomeStep name={user.name} onNext={() => setStep(1)} />}
      {step === 1 && <AddressStep uniqueEmail={user.unique_email} onBack={() => setStep(0)} onNext={() => setStep(2)} />}
      {step === 2 && (
        <PopularStep
          onBack={() => setStep(1)}
          onFinish={finish}
          finishing={updateMe.isPending}
          finishError={updateMe.isError ? errorMessage(updateMe.error, "Failed to update user") : null}
        />
      )}
    </Dialog>
  );
}

function Dialog({ step, children }: { step: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref);
  // The pressed button leaves with its step; keep focus in the dialog for the next one.
  useEffect(() => ref.current?.focus(), [step]);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/60 p-0 backdrop-blur-sm sm:items-center sm:p-6">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby="onboarding-title"
        tabIndex={-1}
        className="flex max-h-[92vh] w-full max-w-lg flex-col gap-6 overflow-y-auto rounded-t-2xl bg-white p-6 shadow-2xl focus:outline-none sm:rounded-2xl sm:p-8 dark:bg-slate-900 dark:ring-1 dark:ring-slate-800"
      >
        <ProgressDots step={step} total={STEPS} />
        {children}
      </div>
    </div>
  );
}
