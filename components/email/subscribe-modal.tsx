"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import type { Email } from "@/lib/client/issues";
import { newsletterQuery, type Newsletter } from "@/lib/client/newsletters";
import { useSubscribe } from "@/lib/client/subscriptions";
import { subscribePageFor } from "../newsletter/subscribe-page";
import { Alert, raiseAlert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { ExternalLinkIcon } from "../ui/reader-icons";
import { Modal } from "../ui/modal";
import { MISSING_ID_MESSAGE } from "./subscribe-messages";

type Props = {
  email: Pick<Email, "newsletter_metadata_id" | "is_forwarded" | "newsletter_url" | "newsletter_metadata" | "sender_name">;
  onClose: () => void;
  /**
   * Starts the copied-email subscription (docs/spec.md's "confirm subscription via copied email"), offered
   * beside the plain confirmation when the newsletter has a sign-up page.
   */
  onSignUp?: (newsletter: Newsletter) => void;
};

/** Confirms a subscription to an issue's newsletter; a forwarded issue can only point to the newsletter's site. */
export function SubscribeModal({ email, onClose, onSignUp }: Props) {
  const subscribe = useSubscribe();
  const [problem, setProblem] = useState<string | null>(null);
  const newsletterId = email.newsletter_metadata_id;
  const newsletter = useQuery({ ...newsletterQuery(newsletterId ?? 0), enabled: Boolean(onSignUp && newsletterId && !email.is_forwarded) });
  const signUpTarget = newsletter.data && subscribePageFor(newsletter.data) ? newsletter.data : null;
  const name = email.newsletter_metadata?.newsletter_name || email.sender_name || "this newsletter";
  const site = email.newsletter_url || email.newsletter_metadata?.newsletter_url || null;

  if (email.is_forwarded) {
    return (
      <Modal title="Subscribe to the original" onClose={onClose}>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          This issue was forwarded to you. Subscribe to {name} on its own site to get it directly.
        </p>
        {site ? (
          <a href={site} target="_blank" rel="noopener noreferrer" className={buttonClass("primary", "mt-4 w-full")}>
            Visit the newsletter site
            <ExternalLinkIcon />
          </a>
        ) : (
          <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">No link to the newsletter was found.</p>
        )}
      </Modal>
    );
  }

  const confirm = () => {
    if (!email.newsletter_metadata_id) {
      setProblem(raiseAlert(MISSING_ID_MESSAGE));
      return;
    }
    subscribe.mutate(email.newsletter_metadata_id, {
      onSuccess: onClose,
      onError: (error) => setProblem(raiseAlert(errorMessage(error, "Failed to subscribe."))),
    });
  };

  return (
    <Modal title="Confirm subscription" onClose={onClose}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        You receive {name} but have not confirmed the subscription yet. Confirm it to keep its issues marked as subscribed.
      </p>
      {problem && <Alert className="mt-4">{problem}</Alert>}
      {onSignUp && signUpTarget && (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          Not getting it at your Paperboy address yet?{" "}
          <button
            type="button"
            onClick={() => onSignUp(signUpTarget)}
            className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
          >
            Open the sign-up page with your address copied
          </button>
        </p>
      )}
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" onClick={onClose} className={buttonClass("ghost")}>
          Cancel
        </button>
        <button type="button" onClick={confirm} disabled={subscribe.isPending} className={buttonClass("primary")}>
          {subscribe.isPending ? "Subscribing..." : "Confirm subscription"}
        </button>
      </div>
    </Modal>
  );
}
