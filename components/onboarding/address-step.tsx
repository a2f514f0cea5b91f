"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { useUpdateUniqueEmail } from "@/lib/client/auth";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { addressFor, cleanLocalPart, splitAddress } from "./unique-address";

/** Step 2: only the local part is edited; the domain stays the product's mail domain. */
export function AddressStep({ uniqueEmail, onBack, onNext }: { uniqueEmail: string; onBack: () => void; onNext: () => void }) {
  const { local: currentLocal, domain } = splitAddress(uniqueEmail);
  const [local, setLocal] = useState(currentLocal);
  const update = useUpdateUniqueEmail();
  const wanted = local.trim().toLowerCase();

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (wanted === currentLocal) return onNext();
    update.mutate(addressFor(wanted, domain), { onSuccess: onNext });
  };

  return (
    <form onSubmit={save} noValidate className="space-y-6">
      <div className="space-y-2 text-center">
        <h2 id="onboarding-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          Choose your Paperboy address
        </h2>
        <p className="text-slate-600 dark:text-slate-300">
          Subscribe to newsletters with this address, or forward them to it. They will show up in your feed.
        </p>
      </div>
      <div className="space-y-2">
        <label htmlFor="unique-local" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
          Your unique email
        </label>
        <div className="flex min-w-0 items-stretch overflow-hidden rounded-lg border border-slate-300 bg-white shadow-sm focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-500/40 dark:border-slate-700 dark:bg-slate-950">
          <input
            id="unique-local"
            value={local}
            onChange={(event) => setLocal(cleanLocalPart(event.target.value))}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={update.isError || undefined}
            aria-describedby="unique-domain"
            className="min-w-0 flex-1 bg-transparent px-3 py-2.5 text-sm text-slate-900 focus:outline-none dark:text-slate-100"
          />
          <span
            id="unique-domain"
            className="flex shrink-0 items-center border-l border-slate-200 bg-slate-50 px-3 text-sm text-slate-500 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400"
          >
            @{domain}
          </span>
        </div>
      </div>
      {update.isError && <Alert>{errorMessage(update.error, "Failed to update user")}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" onClick={onBack} className={buttonClass("ghost")}>
          Back
        </button>
        <button type="submit" disabled={!wanted || update.isPending} className={buttonClass("primary", "sm:min-w-32")}>
          {update.isPending ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}
