"use client";

import { useEffect, useEffectEvent, useRef, useState, type SVGProps } from "react";
import { useGoogleSignIn, type User } from "@/lib/client/auth";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { loadGoogleSdk, type GoogleCredentialResponse, type GoogleIdentity, type GooglePromptNotification } from "./google-sdk";
import { GOOGLE_SIGN_IN_TIMEOUT_MS, GoogleMessages, messageForNotDisplayed, messageForSignInError } from "./google-messages";

type SdkState =
  { status: "loading" } | { status: "ready"; identity: GoogleIdentity } | { status: "unavailable" } | { status: "setup-failed" };

type Props = { clientId: string; label: string; onSignedIn: (user: User) => void };

export function GoogleButton({ clientId, label, onSignedIn }: Props) {
  const [sdk, setSdk] = useState<SdkState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  // A failed load or setup is said only once the reader has pressed the button, not to everyone who opens the page.
  const [pressed, setPressed] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const signIn = useGoogleSignIn();

  const stopWaiting = () => {
    window.clearTimeout(timer.current);
    setWaiting(false);
  };

  const onCredential = useEffectEvent((response: GoogleCredentialResponse) => {
    stopWaiting();
    if (!response.credential) return setMessage(GoogleMessages.noCredential);
    signIn.mutate(response.credential, {
      onSuccess: ({ user }) => onSignedIn(user),
      onError: (error) => setMessage(messageForSignInError(error)),
    });
  });

  useEffect(() => {
    let active = true;
    loadGoogleSdk().then(
      (identity) => {
        if (!active) return;
        try {
          identity.initialize({ client_id: clientId, callback: (response) => onCredential(response), cancel_on_tap_outside: true });
          setSdk({ status: "ready", identity });
        } catch {
          setSdk({ status: "setup-failed" });
        }
        setMessage((current) => (current === GoogleMessages.stillLoading ? null : current));
      },
      () => {
        if (!active) return;
        setSdk({ status: "unavailable" });
        // "Still loading" is out of date once the load has failed: the failure is said below instead.
        setMessage((current) => (current === GoogleMessages.stillLoading ? null : current));
      },
    );
    return () => {
      active = false;
    };
  }, [clientId, attempt]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onPromptMoment = (notification: GooglePromptNotification) => {
    if (notification.isNotDisplayed()) {
      stopWaiting();
      setMessage(messageForNotDisplayed(notification.getNotDisplayedReason()));
    } else if (notification.isSkippedMoment()) {
      stopWaiting();
      setMessage(GoogleMessages.cancelled);
    }
  };

  const start = () => {
    setPressed(true);
    setMessage(null);
    if (sdk.status === "loading") return setMessage(GoogleMessages.stillLoading);
    if (sdk.status !== "ready") {
      // "Please try again": a click after a failed load or setup tries once more.
      setSdk({ status: "loading" });
      setAttempt((count) => count + 1);
      return;
    }
    setWaiting(true);
    timer.current = window.setTimeout(() => {
      sdk.identity.cancel();
      setWaiting(false);
      setMessage(GoogleMessages.timedOut);
    }, GOOGLE_SIGN_IN_TIMEOUT_MS);
    try {
      sdk.identity.prompt(onPromptMoment);
    } catch {
      stopWaiting();
      setMessage(GoogleMessages.failed);
    }
  };

  const failure =
    sdk.status === "unavailable" ? GoogleMessages.notAvailable : sdk.status === "setup-failed" ? GoogleMessages.setupFailed : null;
  const shown = message ?? (pressed ? failure : null);
  const busy = waiting || signIn.isPending;

  return (
    <div className="space-y-3">
      <button
        type="button"
        onClick={start}
        disabled={busy}
        aria-busy={busy}
        className={buttonClass("secondary", "w-full")}
        data-sdk-status={sdk.status}
      >
        <GoogleIcon />
        <span>{busy ? "Connecting to Google..." : label}</span>
      </button>
      {shown && <Alert>{shown}</Alert>}
    </div>
  );
}

// Google's own mark, drawn only here: apart from the house's icons, which every signed-in page loads (issue 41's budget).
function GoogleIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" width={18} height={18} {...props}>
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8.1z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8c.9-2.6 3.4-4.5 6.3-4.5z" />
    </svg>
  );
}
