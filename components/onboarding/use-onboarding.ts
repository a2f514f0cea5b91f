"use client";

import { useEffect, useState } from "react";
import { useUpdateMe, type User } from "@/lib/client/auth";
import { forgetOnboarded, isOnboardedLocally } from "./onboarded-locally";

/**
 * Whether the onboarding dialog shows: not once the server knows the reader finished it, nor when
 * an earlier page finished it but reloaded before the save landed; that save is sent again.
 */
export function useShowOnboarding(user: User): boolean {
  const onServer = user.model_metadata_field.onboarded;
  // Read once: a finish on this page is the dialog's own business until its save answers.
  const [unsavedBeforeLoad] = useState(() => !onServer && isOnboardedLocally(user.id));
  const { mutate: updateMe } = useUpdateMe();

  useEffect(() => {
    if (onServer) forgetOnboarded(user.id);
    else if (unsavedBeforeLoad) updateMe({ model_metadata_field: { onboarded: true } }, { onSuccess: () => forgetOnboarded(user.id) });
  }, [onServer, unsavedBeforeLoad, user.id, updateMe]);

  return !onServer && !unsavedBeforeLoad;
}
