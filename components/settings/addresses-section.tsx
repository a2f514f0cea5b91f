"use client";

import { useState, type FormEvent } from "react";
import { useCreateAddress, useAddresses } from "@/lib/client/addresses";
import { errorMessage } from "@/lib/api/client";
import { useCurrentUser } from "@/lib/client/auth";
import { TextField } from "../auth/text-field";
import { Alert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { AddressItem } from "./address-item";
import { AnchoredSection } from "./anchored-section";

/**
 * Settings' extra addresses (docs/contract.md 7.1): one per newsletter, so a reader sees which list leaked or
 * sold theirs and cuts that one off without touching the others.
 */
export function AddressesSection() {
  const { data: user } = useCurrentUser();
  const addresses = useAddresses();
  const create = useCreateAddress();
  const [label, setLabel] = useState("");
  const [localPart, setLocalPart] = useState("");
  const [made, setMade] = useState<string | null>(null);
  const domain = user?.unique_email?.split("@")[1];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMade(null);
    const input = { ...(label.trim() ? { label: label.trim() } : {}), ...(localPart.trim() ? { local_part: localPart.trim() } : {}) };
    create.mutate(input, {
      onSuccess: (address) => {
        setLabel("");
        setLocalPart("");
        setMade(address.address);
      },
    });
  };

  return (
    <AnchoredSection id="addresses" title="Addresses" ready={Boolean(user) && !addresses.isPending}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Give each newsletter its own address. Mail to any of them reaches your feed; if one starts getting mail from someone else, you will
        know which list was shared, and you can turn that address off alone.
      </p>

      <form onSubmit={submit} className="mt-4 space-y-3" aria-label="New address">
        <div className="grid gap-3">
          <TextField
            id="new-address-label"
            label="Label (optional)"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            maxLength={80}
            placeholder="The Morning Letter"
            autoComplete="off"
          />
          <div className="space-y-1.5">
            <label htmlFor="new-address-local-part" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
              Address (optional)
            </label>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <input
                id="new-address-local-part"
                value={localPart}
                onChange={(event) => setLocalPart(event.target.value)}
                maxLength={40}
                placeholder="morning-letter"
                autoComplete="off"
                spellCheck={false}
                aria-describedby={domain ? "new-address-domain new-address-local-part-hint" : "new-address-local-part-hint"}
                className={`${inputClass} min-w-40 flex-1`}
              />
              {domain && (
                <span id="new-address-domain" className="min-w-0 break-all font-mono text-sm text-slate-600 dark:text-slate-400">
                  @{domain}
                </span>
              )}
            </div>
            <p id="new-address-local-part-hint" className="text-xs text-slate-600 dark:text-slate-400">
              Leave it empty for a random one.
            </p>
          </div>
        </div>
        <button type="submit" disabled={create.isPending} className={buttonClass("primary")}>
          {create.isPending ? "Making the address..." : "New address"}
        </button>
        {create.isError && <Alert className="wrap-anywhere">{errorMessage(create.error, "Failed to make the address.")}</Alert>}
        {made && (
          <Alert tone="success" className="wrap-anywhere">
            {made} is ready. Give it to one newsletter.
          </Alert>
        )}
      </form>

      {addresses.isPending && <Spinner label="Loading addresses..." className="py-6" />}
      {addresses.isError && (
        <div className="mt-4 space-y-2">
          <Alert>{errorMessage(addresses.error, "Failed to load your addresses")}</Alert>
          <button type="button" onClick={() => void addresses.refetch()} className={buttonClass("secondary")}>
            Try again
          </button>
        </div>
      )}
      {addresses.data && addresses.data.length === 0 && (
        <p className="mt-5 text-sm text-slate-500 dark:text-slate-400">You have no extra addresses yet.</p>
      )}
      {addresses.data && addresses.data.length > 0 && (
        <ul
          aria-label="Your extra addresses"
          className="mt-5 divide-y divide-slate-100 border-t border-slate-100 dark:divide-slate-800 dark:border-slate-800"
        >
          {addresses.data.map((address) => (
            <AddressItem key={address.id} address={address} />
          ))}
        </ul>
      )}
    </AnchoredSection>
  );
}
