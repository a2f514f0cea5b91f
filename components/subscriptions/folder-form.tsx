"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { useCreateFolder } from "@/lib/client/folders";
import { raiseAlert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";

/** Creates a folder; a blank name never reaches the server (docs/spec.md section 5). */
export function FolderForm({ onMessage }: { onMessage: (message: string | null) => void }) {
  const [name, setName] = useState("");
  const create = useCreateFolder();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    onMessage(null);
    // docs/spec.md section 5's alert, once: nothing to add beside it on the page.
    if (!trimmed) return void raiseAlert("Folder name cannot be empty.");
    create.mutate(trimmed, {
      onSuccess: () => setName(""),
      // docs/spec.md section 8's alert, and on the page the server's reason beside it when it gives one.
      onError: (error) => onMessage(`${raiseAlert("Failed to create folder.")} ${errorMessage(error, "")}`.trim()),
    });
  };

  return (
    <form onSubmit={submit} className="flex gap-2">
      <label htmlFor="new-folder" className="sr-only">
        New folder name
      </label>
      <input
        id="new-folder"
        value={name}
        onChange={(event) => setName(event.target.value)}
        placeholder="New folder name"
        maxLength={100}
        className={`${inputClass} min-w-0 py-2`}
      />
      <button type="submit" disabled={create.isPending} className={buttonClass("primary", "shrink-0 px-3 py-2")}>
        {create.isPending ? "Creating..." : "+ Create"}
      </button>
    </form>
  );
}
