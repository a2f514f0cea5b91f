"use client";

import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useGoogleSignIn, type User } from "@/lib/client/auth";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { GoogleIcon } from "../ui/icons";
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
