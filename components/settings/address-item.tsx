"use client";

import { useState, type FormEvent } from "react";
import { useDeleteAddress, useUpdateAddress, type ExtraAddress } from "@/lib/client/addresses";
import { errorMessage } from "@/lib/api/client";
import { formatDateTime, formatRelativeTime } from "@/lib/format/date";
import { Alert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";
import { CopyButton } from "./copy-button";
import { Switch } from "./switch";

function deleteAddressConfirmation(address: string): string {
  return `Delete ${address}? Mail sent to it will be refused from now on, and no one can take the address again. Issues it already brought stay in your feed.`;
}

function LabelEditor({ address, onDone }: { address: ExtraAddress; onDone: () => void }) {
  const update = useUpdateAddress();
  const [label, setLabel] = useState(address.label ?? "");
  const id = `address-label-${address.id}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ id: address.id, change: { label: label.trim() || null } }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} className="space-y-2" aria-label={`Label of ${address.address}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        Label
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          maxLength={80}
          autoComplete="off"
          // The reader just asked to edit it: the field is where they mean to type.
          autoFocus
          className={inputClass}
        />
        <div className="flex gap-2">
          <button type="submit" disabled={update.isPending} className={buttonClass("primary")}>
            {update.isPending ? "Saving..." : "Save"}
          </button>
          <button type="button" onClick={onDone} className={buttonClass("secondary")}>
            Cancel
          </button>
        </div>
      </div>
      {update.isError && <Alert>{errorMessage(update.error, "Failed to save the label.")}</Alert>}
    </form>
  );
}

function LeakWarning({ senders }: { senders: string[] }) {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
      <p className="font-semibold">Leaked?</p>
      <p className="mt-1">
        A second, unrelated sender wrote to this address, so the list you gave it to was likely shared or sold. Turn off “Receive mail” to
        cut them all off; the newsletter you made it for will then be refused too.
      </p>
      <p className="mt-1 wrap-anywhere">Senders, first one first: {senders.join(", ")}</p>
    </div>
  );
}

/** One extra address: copy, label, on or off, who wrote to it, and deletion behind a confirmation. */
export function AddressItem({ address }: { address: ExtraAddress }) {
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState(false);

  const onDelete = () => {
    if (window.confirm(deleteAddressConfirmation(address.address))) remove.mutate(address.id);
  };
  const failure = update.isError
    ? errorMessage(update.error, "Failed to change the address.")
    : remove.isError
      ? errorMessage(remove.error, "Failed to delete the address.")
      : null;

  return (
    <li className="space-y-3 py-4" data-testid="extra-address">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h3 className="text-sm font-semibold wrap-anywhere text-slate-900 dark:text-white">
            {address.label ?? <span className="font-normal text-slate-500 dark:text-slate-400">No label</span>}
          </h3>
          <code
            className={`block break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm dark:bg-slate-800 ${address.enabled ? "text-slate-900 dark:text-slate-100" : "text-slate-600 line-through dark:text-slate-400"}`}
          >
            {address.address}
          </code>
        </div>
        <CopyButton text={address.address} what={address.address} />
      </div>

      <p className="text-xs text-slate-600 dark:text-slate-400">
        {address.last_mail_at ? (
          <>
            Last mail{" "}
            <time dateTime={address.last_mail_at} title={formatDateTime(address.last_mail_at)}>
              {formatRelativeTime(address.last_mail_at)}
            </time>
            {" · "}
            {address.senders.length === 1 ? "1 sender" : `${address.senders.length} senders`}
            {!address.leaked && address.senders.length > 0 && <span className="wrap-anywhere">: {address.senders.join(", ")}</span>}
          </>
        ) : (
          "No mail yet"
        )}
        {" · "}Made {formatDateTime(address.created_at)}
      </p>

      {address.leaked && <LeakWarning senders={address.senders} />}
      {!address.enabled && (
        <p className="text-sm text-slate-600 dark:text-slate-400">Off: mail to this address is refused, as if it did not exist.</p>
      )}

      {editing ? (
        <LabelEditor address={address} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Switch
            checked={address.enabled}
            disabled={update.isPending}
            onChange={(enabled) => update.mutate({ id: address.id, change: { enabled } })}
            label="Receive mail"
            detail={`at ${address.address}`}
          />
          <button type="button" onClick={() => setEditing(true)} className={buttonClass("secondary")}>
            {address.label ? "Edit label" : "Add label"}
            <span className="sr-only">{` of ${address.address}`}</span>
          </button>
          <button type="button" onClick={onDelete} disabled={remove.isPending} className={buttonClass("danger")}>
            {remove.isPending ? "Deleting..." : "Delete"}
            <span className="sr-only">{` ${address.address}`}</span>
          </button>
        </div>
      )}
      {failure && <Alert>{failure}</Alert>}
    </li>
  );
}
