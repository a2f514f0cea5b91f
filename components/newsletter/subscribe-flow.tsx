"use client";

import { useState } from "react";
import { useCurrentUser } from "@/lib/client/auth";
import type { Newsletter } from "@/lib/client/newsletters";
import { useSubscribe } from "@/lib/client/subscriptions";
import { raiseAlert } from "../ui/alert";
import { lazyComponent } from "../ui/lazy-component";
import { subscribePageFor } from "./subscribe-page";

// Opened by Subscribe: fetched then, not with the feed's cards, Discover or the newsletter page (issue 41's budget).
const SubscribeDialog = lazyComponent(() => import("./subscribe-dialog").then((module) => module.SubscribeDialog));

export type Notice = { tone: "error" | "success"; text: string };

type Pending = { newsletter: Newsletter; email: string; copied: boolean; opened: boolean };

/**
 * Where no sign-up page is known: Discover says so (docs/spec.md lists its message), while the newsletter
 * page still opens its confirmation modal with the unique email, which is all docs/spec.md asks of it.
 */
type WithoutPage = "refuse" | "ask";

/**
 * docs/spec.md's subscribe action: copy the reader's unique address, open the newsletter's sign-up
 * page in a new tab, then ask "I've Subscribed" before recording the subscription.
 */
export function useSubscribeFlow(withoutPage: WithoutPage = "refuse") {
  const { data: user } = useCurrentUser();
  const subscribe = useSubscribe();
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  // docs/spec.md: the flow alerts its messages, natively like section 8's alerts; the words stay on the page.
  const announce = (tone: Notice["tone"], text: string) => setNotice({ tone, text: raiseAlert(text) });

  const start = async (newsletter: Newsletter) => {
    setNotice(null);
    const email = user?.unique_email;
    if (!email) return announce("error", "Could not find your unique email address. Please make sure you are logged in.");
    const page = subscribePageFor(newsletter);
    if (!page && withoutPage === "refuse") return announce("error", "No subscription page found for this newsletter.");
    const copying = copyText(email);
    // Opened before awaiting the clipboard, while the click still counts as a user gesture.
    if (page) window.open(page, "_blank", "noopener,noreferrer");
    const copied = await copying;
    if (!copied) announce("error", "Could not copy email to clipboard. Please copy it manually.");
    setConfirmError(null);
    setPending({ newsletter, email, copied, opened: page !== null });
  };

  const confirm = () => {
    if (!pending) return;
    setConfirmError(null);
    subscribe.mutate(pending.newsletter.id, {
      onSuccess: () => {
        setPending(null);
        announce("success", `You're subscribed to ${pending.newsletter.name}.`);
      },
      onError: () => setConfirmError(raiseAlert("Failed to confirm subscription. Please try again.")),
    });
  };

  const dialog = pending && (
    <SubscribeDialog
      name={pending.newsletter.name}
      email={pending.email}
      copied={pending.copied}
      opened={pending.opened}
      error={confirmError}
      subscribing={subscribe.isPending}
      onConfirm={confirm}
      onClose={() => setPending(null)}
    />
  );

  return { start, dialog, notice };
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
